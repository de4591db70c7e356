/**
 * The Element Timing attribute (https://w3c.github.io/element-timing/): an image carrying it
 * is reported to a PerformanceObserver of type "element" once the browser has shown it.
 * React passes the attribute through; its types do not name it yet.
 */
import "react";

declare module "react" {
  // An augmentation repeats the interface's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}

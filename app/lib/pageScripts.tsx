/**
 * React Router's scripts with the module preloads at low fetch priority. The page is
 * readable from its HTML and CSS alone; the code that makes it interactive should not
 * take a phone's bandwidth from the stylesheets, the fonts and the first image, which
 * are what the shopper sees first. The scripts still start loading with the page, and
 * hydrate once they are there.
 */
import { Children, cloneElement, Fragment, isValidElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

function withLowPriorityPreloads(node: ReactNode): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<{ rel?: string; children?: ReactNode }>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload")
      return cloneElement(child as React.ReactElement<{ fetchPriority?: string }>, {
        fetchPriority: "low",
      });
    if (child.type === Fragment)
      return cloneElement(child, undefined, withLowPriorityPreloads(child.props.children));
    return child;
  });
}

export function PageScripts(props: ScriptsProps) {
  // Called as a function, not rendered, to reach the elements it returns; its hooks are
  // this component's, the same on every render.
  return withLowPriorityPreloads(Scripts(props));
}

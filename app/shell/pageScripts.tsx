/**
 * React Router's scripts, started once the page's first image is on screen.
 *
 * The page is readable from its HTML and CSS alone. On a phone, the code that makes it
 * interactive (about 130 KB) would otherwise share the connection with the stylesheets,
 * the fonts and the first image, which are what the shopper sees first, and its start-up
 * would hold back the frame that paints that image. So the router's module script is
 * written as an inert script (a type the browser does not run) carrying the modules to
 * preload and the URL of the locale's messages, and the starter (startScripts.ts, an
 * inline script after it) brings it to life once the high-priority image has loaded and
 * been painted, at once on a page without one, and after a few seconds whatever the image
 * does. A tap before the page has hydrated is kept by the starter and replayed once it has.
 */
import { Children, cloneElement, Fragment, isValidElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";
import { INERT_MODULE_TYPE } from "./startScripts";

interface ScriptElementProps {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
}

function flatten(node: ReactNode): React.ReactElement<ScriptElementProps>[] {
  return (Children.toArray(node) as React.ReactElement<ScriptElementProps>[]).flatMap((child) =>
    isValidElement(child) && child.type === Fragment ? flatten(child.props.children) : [child],
  );
}

function deferred(node: ReactNode, messagesUrl: string | undefined): ReactNode {
  const elements = flatten(node);
  const isPreload = (e: React.ReactElement<ScriptElementProps>) =>
    e.type === "link" && e.props.rel === "modulepreload";
  const preloads = elements.filter(isPreload).map((e) => e.props.href);
  return elements
    .filter((e) => !isPreload(e))
    .map((e) =>
      e.type === "script" && e.props.type === "module"
        ? cloneElement(e as React.ReactElement<Record<string, unknown>>, {
            type: INERT_MODULE_TYPE,
            async: undefined,
            "data-preload": preloads.join(" "),
            "data-messages": messagesUrl,
          })
        : e,
    );
}

export function PageScripts({
  messagesUrl,
  ...props
}: ScriptsProps & {
  /** The locale's messages, which the page hydrates with (i18n/clientMessages.ts). */
  messagesUrl: string | undefined;
}) {
  // Called as a function, not rendered, to reach the elements it returns; its hooks are
  // this component's, the same on every render.
  return <>{deferred(Scripts(props), messagesUrl)}</>;
}

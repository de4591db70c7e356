/**
 * The shop's link element: an internal target navigates in the app and prefetches the
 * next page on hover or focus with React Router's own prefetch, except on slow
 * connections; an external one is a plain anchor. The target is already safe and
 * localised (prepared on the server, or by LocaleLink in the browser), so this module
 * carries no localisation code into the pages that only show prepared links.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link, createPath, resolvePath } from "react-router";
import type { LocalisedHref } from "../../domain/links";
import { canPrefetch } from "../lib/navigation";

export type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  children: ReactNode;
};

/**
 * The href React Router's Link writes for a path from the site's root ("/fotobuch/?x#y"):
 * dot segments and doubled slashes resolved, an empty query or hash dropped, a trailing
 * slash kept. Only for paths that start with one slash; anything else goes through Link.
 */
export function rootPathHref(to: string): string {
  const path = resolvePath(to);
  const [pathname = to] = to.split(/[?#]/, 1);
  if (pathname !== "/" && pathname.endsWith("/") && !path.pathname.endsWith("/"))
    path.pathname += "/";
  return createPath(path);
}

/** A path from the site's root, not a protocol-relative address ("//host/…"). */
function isRootPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

export function ShopLink({ link, children, ...rest }: AnchorProps & { link: LocalisedHref }) {
  if (link.external) {
    const rel = rest.target === "_blank" ? "noopener noreferrer" : rest.rel;
    return (
      <a {...rest} href={link.href} rel={rel}>
        {children}
      </a>
    );
  }
  // Vite's SSR flag: the browser's bundle leaves this branch and its helpers out.
  if (import.meta.env.SSR && isRootPath(link.href)) {
    // On the server Link only writes its anchor, after reading the router's location and
    // matches and setting up its click and prefetch hooks for each of the page's hundred or
    // so links (some 0.4 ms of a product page's render). The same anchor is written here
    // directly, attribute for attribute (target after href, then data-discover, which lets
    // React Router find the route of a link before it is followed); the browser hydrates
    // it with Link, which takes over clicks and prefetching.
    const { target, ...attributes } = rest;
    return (
      <a {...attributes} href={rootPathHref(link.href)} target={target} data-discover="true">
        {children}
      </a>
    );
  }
  return (
    // Prefetch on intent, except on slow connections (2g, data saver).
    <Link {...rest} to={link.href} prefetch={canPrefetch() ? "intent" : "none"}>
      {children}
    </Link>
  );
}

/**
 * The shop's link element: an internal target navigates in the app and prefetches the
 * next page on hover or focus with React Router's own prefetch, except on slow
 * connections; an external one is a plain anchor. The target is already safe and
 * localised (prepared on the server, or by LocaleLink in the browser), so this module
 * carries no localisation code into the pages that only show prepared links.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import type { LocalisedHref } from "../../domain/links";
import { canPrefetch } from "../lib/navigation";

export type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  children: ReactNode;
};

export function ShopLink({ link, children, ...rest }: AnchorProps & { link: LocalisedHref }) {
  if (link.external) {
    const rel = rest.target === "_blank" ? "noopener noreferrer" : rest.rel;
    return (
      <a {...rest} href={link.href} rel={rel}>
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

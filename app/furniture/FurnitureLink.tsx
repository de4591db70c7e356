import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { preloadRoute } from "../lib/navigation";
import type { SafeLink } from "./types";

export interface FurnitureLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A link the server already allow-listed and localised (SiteConfig). */
  link: SafeLink;
  children: ReactNode;
}

/**
 * A furniture link: internal targets navigate in the app and preload their route on
 * hover or focus; external ones are plain links (opened in the same tab unless `target`).
 */
export function FurnitureLink({ link, children, ...rest }: FurnitureLinkProps) {
  if (link.external) {
    const rel = rest.target === "_blank" ? "noopener noreferrer" : rest.rel;
    return (
      <a {...rest} href={link.href} rel={rel}>
        {children}
      </a>
    );
  }
  const preload = () => preloadRoute(link.href);
  return (
    <Link
      {...rest}
      to={link.href}
      onPointerEnter={(event) => {
        preload();
        rest.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        rest.onFocus?.(event);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * A prepared link (already safe and localised on the server): internal paths navigate in
 * the app and prefetch the next page on hover or focus, except on slow connections (2g,
 * data saver); external targets open as plain anchors.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { canPrefetch } from "../../lib/navigation";
import type { SafeLink } from "../types";

export interface BlockLinkProps {
  link: SafeLink;
  className?: string;
  children: ReactNode;
  "aria-label"?: string;
}

export function BlockLink({ link, className, children, ...rest }: BlockLinkProps) {
  if (link.external) {
    const leaves = /^https?:|^\/\//i.test(link.href);
    return (
      <a className={className} href={link.href} rel={leaves ? "noopener" : undefined} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link
      className={className}
      to={link.href}
      prefetch={canPrefetch() ? "intent" : "none"}
      {...rest}
    >
      {children}
    </Link>
  );
}

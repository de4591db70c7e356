/**
 * A prepared link (already safe and localised on the server): internal paths navigate in
 * the app, external targets open as plain anchors.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
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
    <Link className={className} to={link.href} prefetch="intent" {...rest}>
      {children}
    </Link>
  );
}

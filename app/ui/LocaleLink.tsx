/**
 * The one locale-aware link of the shop: internal paths get the language prefix, the
 * channel's trailing slash and the configurator locale; external targets need
 * `allowExternal`; a refused target (unsafe protocol) renders as plain text. Internal
 * links prefetch the next page on hover or focus, except on slow connections.
 */
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { CHANNELS } from "../../config/channels";
import { localiseHref } from "../../domain/links";
import { canPrefetch } from "../lib/navigation";
import { useRootData } from "../lib/rootData";

export interface LocaleLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  allowExternal?: boolean;
  children: ReactNode;
}

/** An internal path as the visitor's shop writes it (language prefix, trailing slash …). */
export function useLocaleHref(to: string, allowExternal?: boolean) {
  const data = useRootData();
  return data
    ? localiseHref(
        to,
        {
          country: data.country,
          language: data.language,
          locale: data.locale,
          trailingSlash: CHANNELS[data.channel].features.trailingSlash,
        },
        { allowExternal },
      )
    : null;
}

export function LocaleLink({ to, allowExternal, children, ...rest }: LocaleLinkProps) {
  const target = useLocaleHref(to, allowExternal);
  if (!target) return <span className={rest.className}>{children}</span>;
  if (target.external) {
    const rel = rest.target === "_blank" ? "noopener noreferrer" : rest.rel;
    return (
      <a {...rest} href={target.href} rel={rel}>
        {children}
      </a>
    );
  }
  return (
    // Prefetch on intent, except on slow connections (2g, data saver).
    <Link {...rest} to={target.href} prefetch={canPrefetch() ? "intent" : "none"}>
      {children}
    </Link>
  );
}

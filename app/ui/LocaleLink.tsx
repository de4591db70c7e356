/**
 * A link to a path as written in code or content ("/fotobuch"): the path gets the
 * language prefix, the channel's trailing slash and the configurator locale of the
 * visitor's shop; external targets need `allowExternal`; a refused target (unsafe
 * protocol) renders as plain text. It renders the shop's one link element, ShopLink.
 */
import { CHANNEL_FEATURES } from "../../config/channelFeatures";
import { localiseHref } from "../../domain/links";
import { useRootData } from "../lib/rootData";
import { ShopLink, type AnchorProps } from "./ShopLink";

export type LocaleLinkProps = AnchorProps & { to: string; allowExternal?: boolean };

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
          trailingSlash: CHANNEL_FEATURES[data.channel].trailingSlash,
        },
        { allowExternal },
      )
    : null;
}

export function LocaleLink({ to, allowExternal, children, ...rest }: LocaleLinkProps) {
  const target = useLocaleHref(to, allowExternal);
  if (!target) return <span className={rest.className}>{children}</span>;
  return (
    <ShopLink {...rest} link={target}>
      {children}
    </ShopLink>
  );
}

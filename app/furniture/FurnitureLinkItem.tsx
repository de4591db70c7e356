import { CONSENT_SETTINGS_ATTRIBUTE } from "./consent/consentState";
import { FurnitureImage } from "./FurnitureImage";
import { ShopLink } from "../ui/ShopLink";
import type { LinkItem } from "./types";

/**
 * A configured link: a link (with its optional image), or the consent-settings action,
 * which the consent loader's window-wide listener handles, so it works in the footer
 * before the footer's own code has loaded.
 */
export function FurnitureLinkItem({ item, className }: { item: LinkItem; className?: string }) {
  if (item.action === "consent-settings") {
    return (
      <button
        type="button"
        className={["link-button", className].filter(Boolean).join(" ")}
        {...{ [CONSENT_SETTINGS_ATTRIBUTE]: "" }}
      >
        {item.text}
      </button>
    );
  }
  return (
    <ShopLink link={item.link} className={className}>
      {item.image ? <FurnitureImage asset={item.image} width={24} alt="" /> : null}
      {item.text}
      {item.title ? <small className="link-note">{item.title}</small> : null}
    </ShopLink>
  );
}

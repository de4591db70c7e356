import { openConsentSettings } from "./consentState";
import { FurnitureImage } from "./FurnitureImage";
import { FurnitureLink } from "./FurnitureLink";
import type { LinkItem } from "./types";

/** A configured link: a link (with its optional image), or the consent-settings action. */
export function FurnitureLinkItem({ item, className }: { item: LinkItem; className?: string }) {
  if (item.action === "consent-settings") {
    return (
      <button
        type="button"
        className={["link-button", className].filter(Boolean).join(" ")}
        onClick={openConsentSettings}
      >
        {item.text}
      </button>
    );
  }
  return (
    <FurnitureLink link={item.link} className={className}>
      {item.image ? <FurnitureImage asset={item.image} width={24} alt="" /> : null}
      {item.text}
      {item.title ? <small className="link-note">{item.title}</small> : null}
    </FurnitureLink>
  );
}

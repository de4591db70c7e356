/**
 * The heart on a card theme: a toggle button (aria-pressed) that saves the theme to the
 * wishlist or takes it off, in brands with the wishlist feature. Without JavaScript it is
 * a form that saves the theme through the wishlist page.
 */
import { useState } from "react";
import { CHANNELS } from "../../config/channels";
import { WISHLIST_PATHS } from "../../domain/wishlistPaths";
import { useT } from "../i18n/i18n";
import { useRootData } from "../lib/rootData";
import { Icon } from "../ui/Icon";
import { useLocaleHref } from "../ui/LocaleLink";
import { useWishlist } from "./wishlistState";
import wishlistCss from "./wishlist.css?url";

/**
 * The heart's styles as a stylesheet React hoists into the head (as the catalogue's are):
 * a heart in a lazily loaded block is styled from the first paint.
 */
export function WishlistStyles() {
  // (Unit tests load no CSS: the URL is empty there.)
  return wishlistCss ? <link rel="stylesheet" href={wishlistCss} precedence="catalogue" /> : null;
}

export function WishlistHeart({ themeId, className }: { themeId: string; className?: string }) {
  const data = useRootData();
  const t = useT();
  const target = useLocaleHref(data ? WISHLIST_PATHS[data.language] : "/");
  const enabled = data ? CHANNELS[data.channel].features.wishlist : false;
  // A brand without a wishlist asks nothing of the wishlist API.
  const wishlist = useWishlist(
    data && enabled ? { channel: data.channel, country: data.country, locale: data.locale } : null,
  );
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!data || !enabled || !target) return null;
  const saved = wishlist.saved(themeId);
  return (
    <form
      className={`wishlist-heart${className ? ` ${className}` : ""}`}
      method="post"
      action={target.href}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        void wishlist.change(themeId, !saved).then((ok) => {
          setFailed(!ok);
          setBusy(false);
        });
      }}
    >
      <WishlistStyles />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="themeId" value={themeId} />
      <button
        type="submit"
        className="wishlist-heart__button"
        aria-pressed={saved}
        aria-label={t("wishlist.save")}
        title={t(saved ? "wishlist.saved" : "wishlist.save")}
      >
        <Icon name="heart" size={22} />
      </button>
      {failed ? (
        <span className="wishlist-heart__problem" role="alert">
          {t("wishlist.problem")}
        </span>
      ) : null}
    </form>
  );
}

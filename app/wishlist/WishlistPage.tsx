/**
 * The wishlist page: the saved card designs with their from-prices, each with the way
 * into the designer and a button that takes it off the list; an empty list leads to the
 * designs. The remove buttons are forms (they work without JavaScript); with it, the list
 * and the header's count change in place.
 */
import { useState } from "react";
import { useActionData, useLoaderData } from "react-router";
import { useT } from "../i18n/i18n";
import { useRootData } from "../lib/rootData";
import { LocaleLink, useLocaleHref } from "../ui/LocaleLink";
import { PriceTag } from "../ui/PriceTag";
import { WISHLIST_PATHS } from "../../domain/wishlistPaths";
import type { WishlistActionData, WishlistLoaderData } from "./wishlist.server";
import { useWishlist } from "./wishlistState";
import { WishlistStyles } from "./WishlistHeart";

export function WishlistPage() {
  const loaded = useLoaderData() as WishlistLoaderData;
  const action = useActionData() as WishlistActionData | undefined;
  const t = useT();
  const data = useRootData();
  const target = useLocaleHref(data ? WISHLIST_PATHS[data.language] : "/");
  const wishlist = useWishlist(
    data ? { channel: data.channel, country: data.country, locale: data.locale } : null,
  );
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const items = loaded.items.filter((item) => !removed.has(item.id));
  return (
    <section className="page-section wishlist-page" aria-labelledby="wishlist-title">
      <WishlistStyles />
      <h1 id="wishlist-title">{t("wishlist.title")}</h1>
      {action?.message || problem ? (
        <p role="alert" className="wishlist-page__problem">
          {problem ?? action?.message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="wishlist-page__empty">
          <p>{t("wishlist.empty")}</p>
          <LocaleLink className="button" to={loaded.themesPage}>
            {t("wishlist.browse")}
          </LocaleLink>
        </div>
      ) : (
        <>
          <p>{t("wishlist.intro", { count: items.length })}</p>
          <ul className="wishlist-page__list" role="list">
            {items.map((item) => (
              <li key={item.id} className="wishlist-page__item">
                <img src={item.image} alt="" width={300} height={300} loading="lazy" />
                <LocaleLink className="wishlist-page__name" to={`/themes/${item.id}`}>
                  {item.name}
                </LocaleLink>
                {item.price ? <PriceTag price={item.price} /> : null}
                <div className="wishlist-page__actions">
                  <LocaleLink className="button" to={item.designHref}>
                    {t("themes.design")}
                  </LocaleLink>
                  <form
                    method="post"
                    action={target?.href}
                    onSubmit={(event) => {
                      event.preventDefault();
                      void wishlist.change(item.id, false).then((ok) => {
                        if (ok) setRemoved((before) => new Set(before).add(item.id));
                        setProblem(ok ? null : t("wishlist.problem"));
                      });
                    }}
                  >
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="themeId" value={item.id} />
                    <button type="submit" className="wishlist-page__remove">
                      {t("wishlist.remove")}
                      <span className="visually-hidden">: {item.name}</span>
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

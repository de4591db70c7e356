import { useLoaderData } from "react-router";
import type { Route } from "./+types/theme";
import { LabelBadge } from "../ui/LabelBadge";
import { PriceTag } from "../ui/PriceTag";
import { useT } from "../i18n/i18n";
import { JsonLd } from "../ui/JsonLd";
import { LocaleLink } from "../ui/LocaleLink";
import { CardConfigurator } from "../catalogue/CardConfigurator";
import { loadThemePage } from "../catalogue/theme.server";
import { WishlistHeart } from "../wishlist/WishlistHeart";
import "../catalogue/catalogue.css";

export function loader(args: Route.LoaderArgs) {
  return loadThemePage(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    ...loaderData.alternates.map((link) => ({ tagName: "link" as const, ...link })),
  ];
}

export default function Theme() {
  const { id, name, image, formatLabel, label, price, tiers, card, collageHref, structuredData } =
    useLoaderData<typeof loader>();
  const t = useT();
  return (
    <article className="page-section theme-page">
      {structuredData.map((data) => (
        <JsonLd key={data["@type"]} data={data} />
      ))}
      <div className="theme-page__media">
        <img src={image} alt={name} width={480} height={480} fetchPriority="high" />
        {label ? <LabelBadge label={label} /> : null}
      </div>
      <div className="theme-page__details">
        <div className="theme-page__title">
          <h1>{name}</h1>
          <WishlistHeart themeId={id} />
        </div>
        <dl className="theme-page__facts">
          <div>
            <dt>{t("themes.formatLabel")}</dt>
            <dd>{formatLabel}</dd>
          </div>
          {price ? (
            <div>
              <dt>{t(tiers.length ? "themes.priceLabel" : "designer.price")}</dt>
              <dd>
                <PriceTag price={price} />
              </dd>
            </div>
          ) : null}
        </dl>
        {tiers.length > 1 ? (
          <section aria-labelledby="theme-tiers">
            <h2 id="theme-tiers" className="theme-page__subtitle">
              {t("themes.tiers")}
            </h2>
            <ul className="theme-page__tiers" role="list">
              {tiers.map((tier) => (
                <li key={tier.minQuantity}>
                  <span>{t("themes.fromQuantity", { count: tier.minQuantity })}</span>
                  <span>{tier.price}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {collageHref ? (
          <LocaleLink className="button" to={collageHref}>
            {t("themes.design")}
          </LocaleLink>
        ) : card ? (
          <CardConfigurator themeId={id} card={card} />
        ) : null}
      </div>
    </article>
  );
}

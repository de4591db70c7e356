import { useLoaderData } from "react-router";
import type { Route } from "./+types/designer";
import { CHANNELS } from "../../config/channels";
import { DESIGNER_PRODUCTS, type DesignerProduct } from "../../domain/designerLinks";
import { formatLabel } from "../../domain/formats";
import { isLanguage } from "../../domain/locales";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { LocaleLink } from "../ui/LocaleLink";
import "./designer.css";

/** The designer parameters the stand-in shows, in this order, with their label keys. */
const SHOWN_OPTIONS = [
  "themeId",
  "calendarType",
  "format",
  "startMonth",
  "startYear",
  "mounting",
  "accessoryTypes",
  "printing",
  "cover",
  "binding",
  "paper",
  "pageCount",
  "templateId",
  "refinement",
  "type",
  "materialType",
  "frameType",
  "formatType",
  "matType",
  "matSize",
  "designId",
  "quantity",
  "amount",
  "sample",
] as const;

function isDesignerProduct(value: string | undefined): value is DesignerProduct {
  return (DESIGNER_PRODUCTS as readonly string[]).includes(value ?? "");
}

/**
 * The shop's stand-in for the designer application: it shows the product and the options
 * a configurator link chose, so the whole path from a product page to the designer works
 * on one machine. A real designer replaces it by setting DESIGNER_URL.
 */
export function loader({ params, context, url }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  if (!isDesignerProduct(params.product)) notFound(url.pathname);
  const { locale, channel } = context.get(localeContext);
  const query = url.searchParams;
  const size =
    query.get("width") && query.get("height")
      ? formatLabel(`${query.get("width")}x${query.get("height")}`, locale, { withUnit: true })
      : null;
  const options = SHOWN_OPTIONS.flatMap((key) => {
    const value = query.get(key);
    if (value === null || value === "") return [];
    // Sizes read as the visitor measures them: "40 x 30 cm", "16 x 12 in".
    const size =
      key === "format" || key === "formatType"
        ? formatLabel(value, locale, { withUnit: true })
        : null;
    return [{ key, value: size ?? value }];
  });
  const t = serverT(locale);
  return {
    product: params.product,
    size,
    options,
    title: pageTitle(
      t("designer.title", { product: t(`designer.products.${params.product}`) }),
      CHANNELS[channel].brandName,
    ),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Designer() {
  const { product, size, options } = useLoaderData<typeof loader>();
  const t = useT();
  const name = t(`designer.products.${product}`);
  return (
    <section className="page-section designer">
      <h1>{t("designer.title", { product: name })}</h1>
      <p>{t("designer.intro")}</p>
      <dl className="designer__options">
        {size ? (
          <div>
            <dt>{t("designer.options.size")}</dt>
            <dd>{size}</dd>
          </div>
        ) : null}
        {options.map(({ key, value }) => (
          <div key={key}>
            <dt>{t(`designer.options.${key}`)}</dt>
            <dd>
              {key === "sample" ? t(value === "true" ? "designer.yes" : "designer.no") : value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="notice">{t("designer.cartNote")}</p>
      <LocaleLink className="designer__back" to="/">
        {t("designer.continue")}
      </LocaleLink>
    </section>
  );
}

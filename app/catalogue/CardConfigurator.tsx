import { MAX_CARD_QUANTITY } from "../../domain/designerLinks";
import { useT } from "../i18n/i18n";
import { useLocaleHref } from "../ui/LocaleLink";

/**
 * The card configurator as a GET form: the theme's card (its type, size, refinement and
 * envelope, as the page prices it) and the quantity chosen here go along, so the studio
 * designs and the cart sells the card the page gave the price of.
 */
export function CardConfigurator({
  themeId,
  card,
}: {
  themeId: string;
  card: Readonly<Record<string, string>>;
}) {
  const t = useT();
  const choice = new URLSearchParams({ themeId, ...card });
  const target = useLocaleHref(`/configurator-card?${choice}`);
  const sample = useLocaleHref(`/configurator-card?${choice}&s=sample`);
  if (!target || target.external || !sample) return null;
  const [action = "", query = ""] = target.href.split("?");
  return (
    <>
      <form className="theme-page__order" method="get" action={action}>
        {[...new URLSearchParams(query)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="theme-page__quantity">
          <span>{t("themes.quantity")}</span>
          <input
            type="number"
            name="quantity"
            min={1}
            max={MAX_CARD_QUANTITY}
            defaultValue={10}
            inputMode="numeric"
            required
          />
        </label>
        <button type="submit" className="button">
          {t("themes.design")}
        </button>
      </form>
      <p className="theme-page__sample">
        <a href={sample.href}>{t("themes.sample")}</a>
        <span>{t("themes.sampleNote")}</span>
      </p>
    </>
  );
}

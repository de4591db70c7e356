import { useT } from "~/i18n/i18n";
import { useCustomer } from "~/lib/customer";

/** The banner for white-label customers on the error page (web only). */
export function WhitelabelBanner() {
  const t = useT();
  const customer = useCustomer();
  if (!customer.isWhitelabelCustomer) return null;
  return (
    <section className="whitelabel-banner" aria-label={t("furniture.whitelabel.label")}>
      <p>
        {t("furniture.whitelabel.text")}{" "}
        <a href="/whitelabel/switch">{t("furniture.whitelabel.switch")}</a>
      </p>
    </section>
  );
}

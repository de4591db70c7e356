/**
 * Voucher block: a shopper checks a voucher code and sees what it gives (a discount, from
 * which order value, until when) or why it cannot be used in this shop; a valid one goes
 * to the cart with one button. Both are plain forms: the check is the page itself with
 * `?voucher=` (answered by the server), the redemption the cart's own voucher form.
 */
import { Form, useLocation } from "react-router";
import { CART_PATHS } from "../../../domain/cart";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import { useLocaleHref } from "../../ui/LocaleLink";
import type { BlockProps, VoucherBlock, VoucherCheck } from "../types";

/** What a valid voucher gives, as one sentence of its parts. */
function useDescription(check: VoucherCheck): string {
  const t = useT();
  const locale = useRootData()?.locale;
  const parts = [
    check.percent !== null
      ? t("blocks.voucher.percent", { percent: check.percent })
      : check.value
        ? t("blocks.voucher.value", { value: check.value })
        : null,
    check.minimumOrderValue
      ? t("blocks.voucher.minimum", { value: check.minimumOrderValue })
      : null,
    check.validUntil
      ? t("blocks.voucher.until", {
          date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
            new Date(check.validUntil),
          ),
        })
      : null,
  ];
  return parts.filter(Boolean).join(", ");
}

function Result({ check }: { check: VoucherCheck }) {
  const t = useT();
  const language = useRootData()?.language ?? "de";
  const cart = useLocaleHref(CART_PATHS[language]);
  const description = useDescription(check);
  if (!check.valid) {
    return (
      <p className="voucher__problem">
        {t("blocks.voucher.invalid", {
          code: check.code,
          reason: t(`cart.voucherReasons.${check.reason ?? "unknown"}`),
        })}
      </p>
    );
  }
  return (
    <div className="voucher__valid">
      <p>
        <strong>{t("blocks.voucher.valid", { code: check.code })}</strong>
        {description ? ` ${description}.` : null}
      </p>
      {cart ? (
        <form method="post" action={cart.href}>
          <input type="hidden" name="intent" value="voucher" />
          <input type="hidden" name="code" value={check.code} />
          <button type="submit" className="button">
            {t("blocks.voucher.redeem")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

export function Voucher({ block }: BlockProps<VoucherBlock>) {
  const t = useT();
  const { pathname } = useLocation();
  const id = `${block._uid}-code`;
  const titleId = `${block._uid}-title`;
  return (
    <section className="voucher" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.voucher.title")}
      </h2>
      {block.text ? <p className="block-intro">{block.text}</p> : null}
      <Form method="get" action={pathname} className="voucher__form" preventScrollReset>
        <label htmlFor={id}>{t("cart.voucher")}</label>
        <div className="voucher__row">
          <input
            id={id}
            name="voucher"
            defaultValue={block.check?.code ?? ""}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            required
          />
          <button type="submit" className="button button--secondary">
            {t("blocks.voucher.check")}
          </button>
        </div>
      </Form>
      <div className="voucher__result" role="status">
        {block.check ? <Result check={block.check} /> : null}
      </div>
    </section>
  );
}

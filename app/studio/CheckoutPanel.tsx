/**
 * "Finished?": the proof of every page (drawn from the print file) and the way into the
 * cart. Adding first saves what is unsaved and asks the preflight; an empty frame blocks
 * (with a link to show it), each warning has to be confirmed one by one. When the cart
 * refuses the design, the panel says why in the cart's own words: each field it names and
 * what is wrong with it ("prints: is 900; the design has 250"), not a bare "try again".
 */
import type { PreflightProblem } from "./api";
import { useT } from "../i18n/i18n";

export interface Check {
  problems: PreflightProblem[];
  confirmed: Set<number>;
}

/** Why the cart (or the preflight) refused: the API's sentence and the fields it names. */
export interface Refusal {
  detail: string;
  errors: Readonly<Record<string, string>>;
}

/** How many of the fields a refusal names are listed; the rest are counted. */
const LISTED_FIELDS = 5;

export interface CheckoutPanelProps {
  check: Check | null;
  setCheck(check: Check): void;
  busy: boolean;
  /** The cart's last refusal of this design, until the shopper tries again. */
  refusal?: Refusal | null;
  /** False when the chosen configuration cannot be sold (nothing can go into the cart). */
  forSale: boolean;
  /** "Frame 2 on Inside left" for a problem's place. */
  whereOf(problem: PreflightProblem): string;
  showProblem(problem: PreflightProblem): void;
  openProof(): void;
  start(): void;
  confirm(): void;
}

export function CheckoutPanel({
  check,
  setCheck,
  busy,
  refusal = null,
  forSale,
  whereOf,
  showProblem,
  openProof,
  start,
  confirm,
}: CheckoutPanelProps) {
  const t = useT();
  const blocking = check?.problems.some((p) => p.severity === "error") ?? false;
  const warnings =
    check?.problems.map((p, i) => ({ p, i })).filter(({ p }) => p.severity === "warning") ?? [];
  const allConfirmed = warnings.every(({ i }) => check?.confirmed.has(i));
  const text = (p: PreflightProblem) =>
    t(`studio.problems.${p.code}`, {
      where: whereOf(p),
      ppi: Math.round(p.ppi ?? 0),
      prints: p.prints,
      ordered: p.ordered,
    });
  return (
    <section className="studio__checkout" aria-labelledby="studio-checkout-title">
      <h2 id="studio-checkout-title" className="studio-panel__title">
        {t("studio.checkout.title")}
      </h2>
      {check && check.problems.length > 0 ? (
        <div className="studio__preflight">
          <p>{blocking ? t("studio.checkout.blocked") : t("studio.checkout.confirm")}</p>
          <ul>
            {check.problems.map((p, i) => (
              <li key={i} className={`studio-problem studio-problem--${p.severity}`}>
                {p.severity === "warning" ? (
                  <label>
                    <input
                      type="checkbox"
                      checked={check.confirmed.has(i)}
                      onChange={(event) => {
                        const confirmed = new Set(check.confirmed);
                        if (event.target.checked) confirmed.add(i);
                        else confirmed.delete(i);
                        setCheck({ ...check, confirmed });
                      }}
                    />{" "}
                    {text(p)}
                  </label>
                ) : (
                  <>
                    {text(p)}{" "}
                    <button type="button" className="studio-link" onClick={() => showProblem(p)}>
                      {t("studio.checkout.show")}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {!blocking ? (
            <button
              type="button"
              className="button"
              disabled={!allConfirmed || busy || !forSale}
              onClick={confirm}
            >
              {t("studio.checkout.confirmed")}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="studio-panel__row">
        {/* Busy, the button says so but keeps its focus: a disabled button would drop the
            keyboard's focus to the page, and the proof dialog would hand it back there. */}
        <button
          type="button"
          className="studio-tool studio__proof"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) openProof();
          }}
        >
          {t("studio.proof.open")}
        </button>
        {forSale ? (
          <button type="button" className="button studio__add" disabled={busy} onClick={start}>
            {check && check.problems.length > 0 ? t("studio.checkout.again") : t("cart.add")}
          </button>
        ) : null}
      </div>
      {refusal ? <RefusalNotice refusal={refusal} /> : null}
      {forSale ? null : <p className="notice">{t("studio.checkout.notForSale")}</p>}
    </section>
  );
}

function RefusalNotice({ refusal }: { refusal: Refusal }) {
  const t = useT();
  const fields = Object.entries(refusal.errors);
  return (
    <div className="notice studio__refusal" role="alert">
      <p>{t("studio.checkout.refused")}</p>
      {fields.length > 0 ? (
        <ul>
          {fields.slice(0, LISTED_FIELDS).map(([field, why]) => (
            <li key={field}>
              <code>{field}</code> {why}
            </li>
          ))}
          {fields.length > LISTED_FIELDS ? (
            <li>{t("studio.checkout.refusedMore", { count: fields.length - LISTED_FIELDS })}</li>
          ) : null}
        </ul>
      ) : (
        <p>{refusal.detail}</p>
      )}
    </div>
  );
}

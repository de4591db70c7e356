/**
 * The product detail containers (accessory, calendar, card, collage, photo book): the
 * product's options as the catalogue sells them, the price of the whole choice, the
 * delivery time and the way on to the configurator. Without JavaScript it is a GET form
 * the server answers with the chosen state; with JavaScript a change asks the shop API
 * for the new state (typing an amount waits for a pause), so price and link follow
 * without a reload. A choice shows at once; the options that depend on it are busy and
 * the way on is held back until the server's answer settles it (detailState.ts), with
 * a value that does not fit the earlier choices replaced by one that does.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import type {
  DetailAmountView,
  DetailChoiceView,
  DetailOptionView,
  ProductDetails,
} from "../../../domain/productDetails";
import { useT } from "../../i18n/i18n";
import type { Translate } from "../../i18n/translator";
import { useRootData } from "../../lib/rootData";
import { CART_PATHS } from "../../../domain/cart";
import { LocaleLink, useLocaleHref } from "../../ui/LocaleLink";
import { ShopLink } from "../../ui/ShopLink";
import { BlockHeading } from "../parts/BlockHeading";
import { PriceTag } from "../../ui/PriceTag";
import { changedSinceServer } from "../../ui/earlyInput";
import { useInBrowser } from "../../ui/useInBrowser";
import type { BlockProps, DetailContainerBlock } from "../types";
import {
  afterAnswer,
  afterChoice,
  afterEarlyChoices,
  afterFailure,
  afterLeavingAmount,
  designLink,
  initialDetailState,
  type DetailState,
  type DetailValues,
} from "./detailState";

const DETAILS_PATH = "/web-api/product-details";
/** How long typing in an amount may pause before the price is asked again. */
const AMOUNT_PAUSE_MS = 400;
/** Options with more values than this are a drop-down list instead of buttons. */
const MAX_BUTTONS = 6;

export function DetailContainer({ block }: BlockProps<DetailContainerBlock>) {
  const t = useT();
  const locale = useRootData()?.locale;
  const id = useId();
  const [state, setState] = useState<DetailState | null>(() =>
    block.details ? initialDetailState(block.details) : null,
  );
  const asking = useRef<AbortController | null>(null);
  // The number of the last question asked; each answer carries its question's number.
  const questions = useRef(0);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);
  // True once this block's code runs in the browser: it loads after the page has hydrated,
  // and until then its fields are the server's HTML, whose changes nothing hears.
  const live = useInBrowser();

  async function ask(next: DetailValues, question: number) {
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    const query = new URLSearchParams({ kind: block.kind, ...block.preset, ...next });
    try {
      const response = await fetch(`${DETAILS_PATH}?${query}`, {
        signal: controller.signal,
        headers: locale ? { "X-Locale": locale } : {},
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = (await response.json()) as ProductDetails;
      const typing = document.activeElement?.getAttribute("name") ?? null;
      setState((now) => now && afterAnswer(now, question, answer, typing));
    } catch {
      if (!controller.signal.aborted) setState((now) => now && afterFailure(now, question));
    }
  }

  // What the shopper chose or typed into the server's HTML before this code ran counts as
  // their choice: the state takes it over, and the shop is asked for its price. Read before
  // the browser paints and before any later render could put the server's values back.
  useLayoutEffect(() => {
    if (!state || !form.current) return;
    const question = questions.current + 1;
    const early = Object.fromEntries(changedSinceServer(form.current));
    const next = afterEarlyChoices(state, block.kind, early, question);
    if (!next) return;
    questions.current = question;
    setState(next);
    void ask(next.values, question);
    // Once, when the container is first in the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () => () => {
      asking.current?.abort();
      clearTimeout(pause.current);
    },
    [],
  );
  if (!state) return null;
  const { details, values } = state;

  const change = (event: ChangeEvent<HTMLFormElement>) => {
    const input = event.target as unknown as HTMLInputElement | HTMLSelectElement;
    const value =
      input.type === "checkbox" ? ((input as HTMLInputElement).checked ? "true" : "") : input.value;
    const question = ++questions.current;
    const next = afterChoice(state, block.kind, input.name, value, question);
    setState(next);
    clearTimeout(pause.current);
    if (input.type === "number")
      pause.current = setTimeout(() => void ask(next.values, question), AMOUNT_PAUSE_MS);
    else void ask(next.values, question);
  };
  const settleAmount = () => setState((now) => now && afterLeavingAmount(now));
  const busy = (name: string) => state.busy.includes(name);
  const link = designLink(state);

  const titleId = `${id}-title`;
  const price = details.price;
  const cta =
    block.ctaText || t(details.link ? "blocks.details.cta" : "blocks.details.accessoryCta");
  return (
    <section
      className="details"
      aria-labelledby={block.headline ? titleId : undefined}
      data-details={block.kind}
      data-live={live || undefined}
    >
      <BlockHeading id={titleId} headline={block.headline} text={block.text} />
      <form
        method="get"
        className="details__form"
        ref={form}
        onChange={change}
        onSubmit={(e) => e.preventDefault()}
      >
        {details.options.map((option) => (
          <OptionField
            key={option.name}
            option={option}
            value={values[option.name] ?? option.value}
            id={`${id}-${option.name}`}
            busy={busy(option.name)}
          />
        ))}
        {details.amounts.map((amount) => (
          <AmountField
            key={amount.name}
            amount={amount}
            id={`${id}-${amount.name}`}
            value={values[amount.name] ?? String(amount.value)}
            disabled={amount.name === "quantity" && values.sample === "true"}
            busy={busy(amount.name)}
            onBlur={settleAmount}
          />
        ))}
        {details.sample !== null ? (
          <label className="details__check">
            <input
              type="checkbox"
              name="sample"
              value="true"
              checked={values.sample === "true"}
              onChange={() => undefined}
            />
            <span>{t("blocks.details.sample")}</span>
          </label>
        ) : null}
        <noscript>
          <button type="submit" className="button button--ghost">
            {t("blocks.details.update")}
          </button>
        </noscript>
      </form>
      <div
        className="details__result"
        aria-live="polite"
        aria-busy={state.waiting && !state.failed}
      >
        <p className="details__price">
          <span className="visually-hidden">{t("blocks.details.price")}: </span>
          {price ? (
            <PriceTag price={{ current: price.current, original: price.original, from: false }} />
          ) : (
            <span>{t("blocks.details.notAvailable")}</span>
          )}
        </p>
        {state.failed ? (
          <p className="details__problem" role="alert">
            {t("blocks.details.failed")}
          </p>
        ) : null}
        {details.notes.map((note) => (
          <p key={note.key} className="details__note">
            {t(`blocks.details.${note.key}`)}: {t(`blocks.details.bindings.${note.value}`)}
          </p>
        ))}
        {details.delivery ? (
          <p className="details__delivery">
            {t("blocks.details.delivery", {
              min: details.delivery.daysMin,
              max: details.delivery.daysMax,
            })}
            {" · "}
            {t("blocks.details.shipping", { price: details.delivery.price })}
            {details.delivery.freeFrom
              ? `, ${t("blocks.details.freeFrom", { price: details.delivery.freeFrom })}`
              : null}
          </p>
        ) : null}
        {price && link ? (
          <LocaleLink className="button details__cta" to={link}>
            {cta}
          </LocaleLink>
        ) : price && details.link ? (
          // The last answer's link is for the product chosen before: held back, not followed.
          <a className="button details__cta" role="link" aria-disabled="true">
            {cta}
          </a>
        ) : null}
        {price && block.kind === "accessory" && details.article ? (
          <AddToCart
            article={details.article}
            quantity={values.quantity ?? "1"}
            waiting={state.waiting}
          />
        ) : null}
        {block.link ? (
          <ShopLink className="button button--ghost details__more" link={block.link}>
            {cta}
          </ShopLink>
        ) : null}
      </div>
    </section>
  );
}

/** An accessory goes to the cart as it is: the cart's own form, with or without JavaScript. */
function AddToCart({
  article,
  quantity,
  waiting,
}: {
  article: string;
  quantity: string;
  /** The article shown is the one chosen before the open question: not to be added. */
  waiting: boolean;
}) {
  const t = useT();
  const language = useRootData()?.language ?? "de";
  const cart = useLocaleHref(CART_PATHS[language]);
  if (!cart) return null;
  return (
    <form method="post" action={cart.href}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="product" value="accessory" />
      <input type="hidden" name="options" value={`article=${article}`} />
      <input type="hidden" name="quantity" value={quantity} />
      <button type="submit" className="button details__cta" disabled={waiting}>
        {t("cart.add")}
      </button>
    </form>
  );
}

/** A value as the shopper reads it: its name and label ("C6 (16,2 x 11,4 cm)"), its label, or its text resource. */
function choiceName(choice: DetailChoiceView, t: Translate): string {
  if (choice.nameKey && choice.label) return `${t(choice.nameKey)} (${choice.label})`;
  return choice.label ?? t(choice.labelKey);
}

function ChoiceText({ choice }: { choice: DetailChoiceView }) {
  const t = useT();
  return (
    <>
      <span>{choiceName(choice, t)}</span>
      {choice.extra ? (
        <span className="calculator__option-price">
          {t("blocks.details.perPiece", { price: choice.extra })}
        </span>
      ) : null}
    </>
  );
}

/**
 * One option: buttons, a drop-down list for many values, or a fact when it has one value.
 * A busy option waits for the shop to say what it offers after an earlier choice: shown,
 * but not to be chosen.
 */
function OptionField({
  option,
  value,
  id,
  busy,
}: {
  option: DetailOptionView;
  value: string;
  id: string;
  busy: boolean;
}) {
  const t = useT();
  const legend = t(`blocks.details.options.${option.name}`);
  const only = option.choices.length === 1 ? option.choices[0] : undefined;
  if (only) {
    return (
      <p className="details__fact" aria-busy={busy || undefined}>
        <input type="hidden" name={option.name} value={only.value} />
        <span className="details__fact-name">{legend}:</span> <ChoiceText choice={only} />
      </p>
    );
  }
  if (option.choices.length > MAX_BUTTONS) {
    return (
      <div className="details__field" aria-busy={busy || undefined}>
        <label htmlFor={id}>{legend}</label>
        <select id={id} name={option.name} value={value} disabled={busy} onChange={() => undefined}>
          {option.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choiceName(choice, t)}
              {choice.extra ? ` (${t("blocks.details.perPiece", { price: choice.extra })})` : ""}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="calculator__group" disabled={busy} aria-busy={busy || undefined}>
      <legend>{legend}</legend>
      <div className="calculator__options">
        {option.choices.map((choice) => (
          <label key={choice.value} className="calculator__option">
            <input
              type="radio"
              name={option.name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => undefined}
            />
            <span className="calculator__option-text">
              <ChoiceText choice={choice} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AmountField({
  amount,
  id,
  value,
  disabled,
  busy,
  onBlur,
}: {
  amount: DetailAmountView;
  id: string;
  value: string;
  disabled: boolean;
  /** The amount's limits follow an earlier choice the shop has not answered yet. */
  busy: boolean;
  onBlur: () => void;
}) {
  const t = useT();
  return (
    <div className="details__field" aria-busy={busy || undefined}>
      <label htmlFor={id}>{t(`blocks.details.options.${amount.name}`)}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        name={amount.name}
        min={amount.min}
        max={amount.max}
        step={amount.step}
        value={value}
        disabled={disabled || busy}
        onChange={() => undefined}
        onBlur={onBlur}
      />
    </div>
  );
}

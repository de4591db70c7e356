/**
 * Prepared data shapes that shared parts render and every feature hands them: checked on
 * the server, plain data in the browser.
 */
import type { ContentLabel } from "../../domain/contentFields";
import type { LocalisedHref } from "../../domain/links";

/** A link target that passed the link allow-list and got the language prefix. */
export type SafeLink = LocalisedHref;

/** A small coloured label ("New", "-20 %"). Colours are checked CSS colours. */
export type Label = ContentLabel;

/** A price formatted for the page's locale. */
export interface PreparedPrice {
  current: string;
  /** Struck-through original price when discounted. */
  original: string | null;
  /** True for a from-price ("from 9,99 €"). */
  from: boolean;
}

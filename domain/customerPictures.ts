/**
 * Customer pictures: photos customers show of what they made with the shop, in a gallery
 * once an editor has looked at them. Who may hand one in and what it may carry is decided
 * here.
 */
import { MS_PER_DAY } from "./constants";

export const CUSTOMER_PICTURE_LIMITS = {
  /** One photo, as a phone takes it. */
  maxFileBytes: 15 * 1024 * 1024,
  /** The caption's characters. */
  caption: 200,
  /** Photos one customer hands in a day. */
  perCustomerPerDay: 5,
  dayMs: MS_PER_DAY,
  /** Pictures one gallery or one API page shows at most. */
  maxPage: 48,
  /** The longest edges of the kept sizes. */
  largeEdge: 1600,
  smallEdge: 480,
} as const;

export const CUSTOMER_PICTURE_SIZES = ["small", "large"] as const;
export type CustomerPictureSize = (typeof CUSTOMER_PICTURE_SIZES)[number];

/** A product family a picture may show: lowercase letters and dashes (e.g. "photobook"). */
export const PICTURE_PRODUCT = /^[a-z][a-z-]{0,39}$/;

/** Where the gallery's images are served. */
export function customerPictureSrc(id: number, size: CustomerPictureSize): string {
  return `/customer-picture/image/${id}/${size}.jpg`;
}

/** A picture as the gallery shows it. */
export interface CustomerPictureCard {
  id: number;
  name: string;
  caption: string;
  product: string;
  width: number;
  height: number;
  src: string;
  large: string;
}

/** The caption as kept: single spaces, no control characters, within the limit. */
export function cleanCaption(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, CUSTOMER_PICTURE_LIMITS.caption);
}

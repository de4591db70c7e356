/**
 * What a cart form or call may carry, checked the same way wherever it arrives: a designed
 * article (product, options, quantity), a line and its new quantity, a voucher code.
 */
import { z } from "zod";
import { MAX_OPTION_LENGTH, MAX_OPTIONS } from "./cart";
import { DESIGNER_PRODUCTS, MAX_CARD_QUANTITY } from "./designerLinks";

const quantity = z.coerce.number().int().min(1).max(MAX_CARD_QUANTITY);

/**
 * What a cart line can be: a designed article, or bought on its own a card accessory, a gift
 * voucher or an express production (a surcharge that makes one product faster).
 */
export const CART_PRODUCTS = [
  ...DESIGNER_PRODUCTS,
  "accessory",
  "gift-voucher",
  "express",
] as const;

/**
 * A designed article as the designer hands it to the cart (the product and its options),
 * or an accessory with its article as the only option.
 */
export const cartArticleInput = z.object({
  product: z.enum(CART_PRODUCTS),
  options: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().max(MAX_OPTION_LENGTH))
    .refine((o) => Object.keys(o).length <= MAX_OPTIONS, "too many options"),
  quantity,
});
export type CartArticleInput = z.infer<typeof cartArticleInput>;

/** A cart line's id, as a path segment or a form field carries it. */
export const cartLineId = z.coerce.number().int().positive();
/** A line's new quantity (the API's PATCH body, the cart page's quantity form). */
export const cartQuantityChange = z.object({ quantity });
export const voucherInput = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/),
});

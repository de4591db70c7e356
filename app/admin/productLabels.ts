/**
 * The shop's products as the back office names them: the product families of the cart's
 * lines (what the production queue sorts by and a voucher may be limited to) and the card
 * accessories sold on their own.
 */
import type { ProductFamily } from "../../domain/productFamilies";

export const PRODUCT_LABELS: Record<ProductFamily | "accessory", string> = {
  card: "Cards",
  calendar: "Calendars",
  photobook: "Photo books",
  photobox: "Photo boxes",
  photoprint: "Photo prints",
  photoframe: "Wall art",
  collage: "Collages",
  accessory: "Card accessories",
};

/** A product's name, or its own id for one the list does not know. */
export const productLabel = (product: string): string =>
  PRODUCT_LABELS[product as keyof typeof PRODUCT_LABELS] ?? product;

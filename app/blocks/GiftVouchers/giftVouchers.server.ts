/** The gift vouchers block's fields (content/BLOCKS.md); its rows are the shop's gift vouchers. */
import { z } from "zod";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";
import type { GiftVoucherRow } from "../types";

/** The gift vouchers the shop sells, with their prices. */
export type GiftVouchersSource = () => Promise<GiftVoucherRow[]>;

const giftVouchers = z.object({
  _uid: uid,
  component: z.literal("GiftVouchers"),
  headline: text,
  text,
});

export const GIFT_VOUCHERS = defineBlock(
  "GiftVouchers",
  giftVouchers,
  (raw) => ({ ...raw, rows: null }),
  // Without its rows the list renders nothing.
  async (block, giftVouchers: GiftVouchersSource) => {
    const rows = await giftVouchers().catch((error: unknown) => {
      logError("product-details-error", error, { uid: block._uid, kind: "gift-voucher" });
      return null;
    });
    return { ...block, rows };
  },
);

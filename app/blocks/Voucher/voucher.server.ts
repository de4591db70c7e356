/**
 * The voucher block's fields (content/BLOCKS.md): a heading and text; the page's
 * `?voucher=` code is checked for the visitor's shop by the page's first voucher block.
 */
import { z } from "zod";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";
import type { VoucherCheck } from "../types";

/** The page's `?voucher=` code checked for the visitor's shop (null: none asked). */
export type VoucherSource = () => Promise<VoucherCheck | null>;

const voucher = z.object({
  _uid: uid,
  component: z.literal("Voucher"),
  headline: text,
  text,
});

export const VOUCHER = defineBlock(
  "Voucher",
  voucher,
  (raw) => ({ ...raw, check: null }),
  (block, voucher: VoucherSource, { first }) =>
    first ? voucher().then((check) => ({ ...block, check })) : block,
);

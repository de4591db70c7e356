import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { GIFT_VOUCHERS } from "./giftVouchers.server";

describe("the gift vouchers block on the server", () => {
  it("reads the seed example and lists the shop's gift vouchers from its source", async () => {
    const block = readSeed(GIFT_VOUCHERS, "GiftVouchers");
    expect(block.rows).toBeNull();
    const rows = [{ article: "voucher-25", price: "25,00 €" }];
    const prepared = await stepOf(GIFT_VOUCHERS)(block, async () => rows, request());
    expect(prepared.rows).toEqual(rows);
  });

  it("shows no rows when its source fails, logged", async () => {
    const block = readSeed(GIFT_VOUCHERS, "GiftVouchers");
    let rows: unknown = "unset";
    const ids = await loggedIds(async () => {
      ({ rows } = await stepOf(GIFT_VOUCHERS)(
        block,
        () => Promise.reject(new Error("down")),
        request(),
      ));
    });
    expect(rows).toBeNull();
    expect(ids).toEqual(["product-details-error"]);
  });
});

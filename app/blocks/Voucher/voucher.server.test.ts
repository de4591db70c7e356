import { describe, expect, it } from "vitest";
import { readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { VOUCHER } from "./voucher.server";

const CHECK = {
  code: "WINTER20",
  valid: true,
  reason: null,
  percent: 20,
  value: null,
  minimumOrderValue: null,
  validUntil: null,
};

describe("the voucher block on the server", () => {
  it("reads the seed example and shows the check of the page's code in the first voucher block only", async () => {
    const block = readSeed(VOUCHER, "Voucher");
    expect(block.check).toBeNull();
    let asked = 0;
    const source = async () => {
      asked += 1;
      return CHECK;
    };
    expect((await stepOf(VOUCHER)(block, source, request(true))).check).toEqual(CHECK);
    expect((await stepOf(VOUCHER)(block, source, request(false))).check).toBeNull();
    expect(asked).toBe(1);
  });
});

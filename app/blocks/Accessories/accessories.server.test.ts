import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { ACCESSORIES } from "./accessories.server";

const ROW = {
  article: "env-c6",
  type: "envelope",
  name: "C6",
  size: null,
  fits: [],
  price: "0,50 €",
};

describe("the accessories block on the server", () => {
  it("reads the seed example and lists the rows its source gives for the block's types", async () => {
    const block = readSeed(ACCESSORIES, "Accessories");
    expect(block.rows).toBeNull();
    const asked: (readonly string[])[] = [];
    const prepared = await stepOf(ACCESSORIES)(
      block,
      async (types) => {
        asked.push(types);
        return [ROW];
      },
      request(),
    );
    expect(asked).toEqual([block.accessoryTypes]);
    expect(prepared.rows).toEqual([ROW]);
  });

  it("shows no rows when its source fails, logged", async () => {
    const block = readSeed(ACCESSORIES, "Accessories");
    let rows: unknown = "unset";
    const ids = await loggedIds(async () => {
      ({ rows } = await stepOf(ACCESSORIES)(
        block,
        () => Promise.reject(new Error("down")),
        request(),
      ));
    });
    expect(rows).toBeNull();
    expect(ids).toEqual(["product-details-error"]);
  });
});

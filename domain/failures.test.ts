import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./failures";

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("a database out of reach", () => {
  it.each([
    ["a refused connection", coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset connection", coded("read ECONNRESET", "ECONNRESET")],
    [
      "a server shutting down",
      coded("terminating connection due to administrator command", "57P01"),
    ],
    ["a connection exception", coded("connection failure", "08006")],
    ["a terminated connection", new Error("Connection terminated unexpectedly")],
    ["a closed embedded database", new Error("PGlite is closed")],
    [
      "a query error wrapping a lost connection",
      new Error("Failed query: select 1", { cause: coded("read ECONNRESET", "ECONNRESET") }),
    ],
  ])("is recognised in %s", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true);
  });

  it.each([
    ["a bad value", coded("invalid input syntax for type integer", "22P02")],
    ["a unique violation", coded("duplicate key value", "23505")],
    ["a bug", new TypeError("x is undefined")],
    ["nothing at all", undefined],
  ])("is not %s", (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });
});

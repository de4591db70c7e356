import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "../env";
import { paymentMethods } from "./commerce";

describe("payment methods by configuration", () => {
  it("offers test and invoice outside production and only invoice in production by default", () => {
    expect(paymentMethods({ NODE_ENV: "development", PAYMENT_METHODS: undefined })).toEqual([
      "test",
      "invoice",
    ]);
    expect(paymentMethods({ NODE_ENV: "production", PAYMENT_METHODS: undefined })).toEqual([
      "invoice",
    ]);
    expect(paymentMethods({ NODE_ENV: "production", PAYMENT_METHODS: "stripe,invoice" })).toEqual([
      "stripe",
      "invoice",
    ]);
  });

  it("refuses the test provider in production unless it is enabled on purpose", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PAYMENT_METHODS: "test,invoice" })).toThrow(
      /PAYMENT_METHODS/,
    );
    expect(
      parseEnv({
        NODE_ENV: "production",
        PAYMENT_METHODS: "test,invoice",
        PAYMENT_TEST_ENABLED: "true",
      }).PAYMENT_METHODS,
    ).toBe("test,invoice");
  });

  it("names the missing keys of a listed provider and refuses an unknown method", () => {
    expect(() => parseEnv({ PAYMENT_METHODS: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ PAYMENT_METHODS: "mollie" })).toThrow(/MOLLIE_API_KEY/);
    expect(() => parseEnv({ PAYMENT_METHODS: "paypal" })).toThrow(EnvError);
  });
});

import { describe, expect, it } from "vitest";
import { ANONYMOUS_CUSTOMER } from "../../domain/customerData";
import { readCustomer } from "./customer";

describe("a customer-data answer", () => {
  it("is read with the anonymous customer's values for what it leaves out", () => {
    const customer = readCustomer({
      isLoggedIn: true,
      firstName: "Anna",
      order: { cartArticlesAmount: 2 },
    });
    expect(customer).toEqual({
      ...ANONYMOUS_CUSTOMER,
      isLoggedIn: true,
      firstName: "Anna",
      order: { cartArticlesAmount: 2, isWhitelabelOrder: false },
    });
    expect(readCustomer({ isLoggedIn: false })?.order.cartArticlesAmount).toBe(0);
  });

  it("is ignored when it is not a customer", () => {
    expect(readCustomer(null)).toBeNull();
    expect(readCustomer("<html>")).toBeNull();
    expect(readCustomer({ error: "x" })).toBeNull();
  });
});

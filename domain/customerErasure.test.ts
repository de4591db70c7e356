import { describe, expect, it } from "vitest";
import { anonymisedAddress } from "./customerErasure";

describe("anonymisedAddress", () => {
  it("keeps only the country of an address", () => {
    expect(
      anonymisedAddress({
        firstName: "Erika",
        lastName: "Muster",
        company: "Muster GmbH",
        street: "Hauptstraße 5",
        addressLine2: "Hinterhaus",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        phone: "+49 30 123456",
      }),
    ).toEqual({ firstName: "", lastName: "", street: "", postalCode: "", city: "", country: "DE" });
  });
});

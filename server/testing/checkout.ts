/**
 * The checkout the API tests send (the body of POST /web-api/checkout): a German guest,
 * Erika Muster in Berlin, with standard delivery, the test payment provider and the terms
 * accepted. A test changes what it is about by spreading it (`{ ...GERMAN_CHECKOUT, … }`).
 */

/** Erika Muster's delivery address; another country's postal code and city for the others. */
export function testAddress(country = "DE", postalCode = "10115", city = "Berlin") {
  return {
    firstName: "Erika",
    lastName: "Muster",
    street: "Hauptstraße 5",
    postalCode,
    city,
    country,
  };
}

export const GERMAN_CHECKOUT = {
  email: "erika@example.com",
  shippingAddress: testAddress(),
  shippingMethod: "standard",
  paymentMethod: "test",
  acceptTerms: true,
};

/**
 * What a signed-in customer changes themselves, on PGlite and PostgreSQL: their name,
 * their password (only with the current one, by the sign-up rules, ending every other
 * session), their address's newsletter subscription with the brand, and the whole account.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cartLines,
  carts,
  customers,
  customerSessions,
  customerTokens,
  mailOutbox,
  newsletterSubscriptions,
  rateLimits,
} from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import {
  createAccounts,
  FAILED_LOGINS_PER_ACCOUNT,
  newCustomerNumber,
  type Accounts,
  type CallSite,
} from "./accounts";
import { createMailer } from "./mail";
import { createNewsletter, type Newsletter } from "./newsletter";
import { hashPassword } from "./passwords";

const PASSWORD = "Winterwald-Kerze-42";
const NEW_PASSWORD = "Sommer-Regen-Laterne-7";

describe.each(TEST_DATABASES)("account settings on %s", (kind) => {
  let database: TestDatabase;
  let accounts: Accounts;
  let newsletter: Newsletter;
  let passwordHash: string;
  const ip = "203.0.113.7";
  const site: CallSite = {
    channel: "cards",
    locale: "de-DE",
    ip,
    links: {
      verify: (t) => `http://cards.localhost/konto/bestaetigen?token=${t}`,
      reset: (t) => `http://cards.localhost/konto/passwort?token=${t}`,
    },
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const log = createLogger("silent");
    const mailer = createMailer({ db: database.db, env: parseEnv({ NODE_ENV: "test" }), log });
    accounts = createAccounts({ db: database.db, mailer, log });
    newsletter = createNewsletter({ db: database.db, mailer });
    passwordHash = await hashPassword(PASSWORD);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** A confirmed customer of the cards brand, as a finished sign-up leaves them. */
  async function customer(email: string, channel: "cards" | "wallart" = "cards") {
    const [row] = await database.db
      .insert(customers)
      .values({
        channel,
        number: newCustomerNumber(channel),
        email,
        passwordHash,
        firstName: "Anna",
        lastName: "Schmidt",
        locale: "de-DE",
        emailVerifiedAt: new Date(),
      })
      .returning();
    return row!;
  }
  async function logIn(email: string, password = PASSWORD) {
    const result = await accounts.logIn({ email, password }, site);
    if (!result.ok) throw new Error(`log-in failed: ${result.reason}`);
    return result.sessionToken;
  }

  it("changes a customer's name, trimmed", async () => {
    const anna = await customer("name@example.de");
    const updated = await accounts.updateName(anna.id, { firstName: " Berta ", lastName: "Neu " });
    expect(updated).toMatchObject({ firstName: "Berta", lastName: "Neu", email: anna.email });
    expect(await accounts.updateName(999_999, { firstName: "A", lastName: "B" })).toBeNull();
  });

  it("names a wrong current password and judges the new one by the sign-up rules", async () => {
    const anna = await customer("rules@example.de");
    expect(
      await accounts.changePassword(
        anna,
        { currentPassword: "not my password", newPassword: "short" },
        ip,
      ),
    ).toEqual({
      ok: false,
      errors: { currentPassword: "wrong-password", newPassword: "too-short" },
    });
    expect(
      await accounts.changePassword(
        anna,
        { currentPassword: PASSWORD, newPassword: "Passwort123" },
        ip,
      ),
    ).toEqual({ ok: false, errors: { newPassword: "too-weak" } });
    // The person's own name and address make a password guessable too.
    expect(
      await accounts.changePassword(
        anna,
        { currentPassword: PASSWORD, newPassword: "anna.schmidt" },
        ip,
      ),
    ).toEqual({ ok: false, errors: { newPassword: "too-weak" } });
    // Nothing changed: the old password still logs in.
    await logIn(anna.email);
  });

  it("counts a wrong current password as a failed log-in, and refuses checks beyond the limit", async () => {
    const anna = await customer("throttle@example.de");
    await accounts.changePassword(
      anna,
      { currentPassword: "wrong", newPassword: NEW_PASSWORD },
      ip,
    );
    const [counted] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:cards:throttle@example.de:${ip}`));
    expect(counted?.count).toBe(1);
    await database.db
      .update(rateLimits)
      .set({ count: FAILED_LOGINS_PER_ACCOUNT.limit })
      .where(eq(rateLimits.key, `login:cards:throttle@example.de:${ip}`));
    // Even the right password is not checked any more this hour.
    expect(
      await accounts.changePassword(
        anna,
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        ip,
      ),
    ).toEqual({ ok: false, throttled: true });
    expect(await accounts.deleteAccount(anna, PASSWORD, ip)).toEqual({
      ok: false,
      reason: "throttled",
    });
  });

  it("ends every session of the customer on a password change, hands out a new one and withdraws reset links", async () => {
    const anna = await customer("sessions@example.de");
    const here = await logIn(anna.email);
    const elsewhere = await logIn(anna.email);
    await accounts.requestPasswordReset(anna.email, site);
    await accounts.settled();
    const result = await accounts.changePassword(
      anna,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      ip,
    );
    if (!result.ok) throw new Error("the change failed");
    expect(result.sessionToken).not.toBe(here);
    expect(await accounts.customerFor(here, "cards")).toBeNull();
    expect(await accounts.customerFor(elsewhere, "cards")).toBeNull();
    expect((await accounts.customerFor(result.sessionToken, "cards"))?.id).toBe(anna.id);
    const sessions = await database.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.customerId, anna.id));
    expect(sessions).toHaveLength(1);
    const resets = await database.db
      .select()
      .from(customerTokens)
      .where(
        and(eq(customerTokens.customerId, anna.id), eq(customerTokens.purpose, "reset-password")),
      );
    expect(resets).toEqual([]);
    expect((await accounts.logIn({ email: anna.email, password: PASSWORD }, site)).ok).toBe(false);
    await logIn(anna.email, NEW_PASSWORD);
  });

  it("subscribes a confirmed address at once, without a mail, and unsubscribes it by its address", async () => {
    const email = "letters@example.de";
    expect(await newsletter.statusOf("cards", email)).toBe("none");
    await newsletter.subscribeConfirmed({
      channel: "cards",
      locale: "de-DE",
      email,
      source: "account",
    });
    expect(await newsletter.statusOf("cards", " Letters@Example.de ")).toBe("confirmed");
    // Per brand: the other brand knows nothing of it.
    expect(await newsletter.statusOf("wallart", email)).toBe("none");
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(mails).toEqual([]);
    expect(await newsletter.unsubscribeAddress("cards", email)).toBe(true);
    expect(await newsletter.statusOf("cards", email)).toBe("none");
    expect(await newsletter.unsubscribeAddress("cards", email)).toBe(false);
    // Subscribing again confirms the same entry.
    await newsletter.subscribeConfirmed({
      channel: "cards",
      locale: "de-DE",
      email,
      source: "account",
    });
    expect(await newsletter.statusOf("cards", email)).toBe("confirmed");
    const rows = await database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
  });

  it("confirms a pending double opt-in sign-up at once, and counts an expired one as none", async () => {
    const email = "pending@example.de";
    await newsletter.subscribe({
      channel: "cards",
      locale: "de-DE",
      email,
      source: "footer",
      ip,
      links: {
        confirm: (t) => `http://x/c?token=${t}`,
        unsubscribe: (t) => `http://x/u?token=${t}`,
      },
    });
    expect(await newsletter.statusOf("cards", email)).toBe("pending");
    await database.db
      .update(newsletterSubscriptions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email));
    expect(await newsletter.statusOf("cards", email)).toBe("none");
    await newsletter.subscribeConfirmed({
      channel: "cards",
      locale: "de-DE",
      email,
      source: "account",
    });
    const [row] = await database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(row).toMatchObject({ status: "confirmed", confirmTokenHash: null, expiresAt: null });
  });

  it("refuses to delete an account without the right password", async () => {
    const anna = await customer("keep@example.de");
    expect(await accounts.deleteAccount(anna, "not my password", ip)).toEqual({
      ok: false,
      reason: "wrong-password",
    });
    await logIn(anna.email);
  });

  it("deletes an account with its sessions, tokens, cart and the brand's newsletter entry, and nothing of anybody else", async () => {
    const anna = await customer("gone@example.de");
    const other = await customer("stays@example.de");
    // The same address with the other brand is another account.
    const sameAddress = await customer("gone@example.de", "wallart");
    const session = await logIn(anna.email);
    await logIn(other.email);
    await accounts.requestPasswordReset(anna.email, site);
    const [cart] = await database.db
      .insert(carts)
      .values({ channel: "cards", customerId: anna.id })
      .returning();
    await database.db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: { themeId: "x" }, quantity: 10 });
    await database.db.insert(carts).values({ channel: "cards", customerId: other.id });
    for (const channel of ["cards", "wallart"] as const)
      await newsletter.subscribeConfirmed({
        channel,
        locale: "de-DE",
        email: anna.email,
        source: "account",
      });

    expect(await accounts.deleteAccount(anna, PASSWORD, ip)).toEqual({ ok: true });

    const db = database.db;
    expect(await db.select().from(customers).where(eq(customers.id, anna.id))).toEqual([]);
    expect(
      await db.select().from(customerSessions).where(eq(customerSessions.customerId, anna.id)),
    ).toEqual([]);
    expect(
      await db.select().from(customerTokens).where(eq(customerTokens.customerId, anna.id)),
    ).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.customerId, anna.id))).toEqual([]);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id))).toEqual([]);
    expect(await newsletter.statusOf("cards", anna.email)).toBe("none");
    expect(await accounts.customerFor(session, "cards")).toBeNull();
    expect((await accounts.logIn({ email: anna.email, password: PASSWORD }, site)).ok).toBe(false);
    // Everybody else's data stays, and so does the address's entry with the other brand.
    expect(await newsletter.statusOf("wallart", anna.email)).toBe("confirmed");
    expect(await db.select().from(customers).where(eq(customers.id, sameAddress.id))).toHaveLength(
      1,
    );
    expect(await db.select().from(carts).where(eq(carts.customerId, other.id))).toHaveLength(1);
    await logIn(other.email);
  });
});

/**
 * Operators on PGlite and PostgreSQL: the first owner through the setup link only, log-in
 * with password and TOTP (each code once, recovery codes once each), a session that lacks
 * the second factor until it is set up, rotation and idle end of sessions, roles, the
 * audit log of every change, and a customer's export and erasure.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  customers,
  customerSessions,
  mailOutbox,
  newsletterSubscriptions,
  operatorSessions,
  recommendations,
  studioDesigns,
  studioPhotos,
  wishlistItems,
} from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createLogger } from "../logger";
import { parseEnv } from "../env";
import { createMailer } from "../customers/mail";
import { createAdminServices, type AdminServices } from ".";
import { OPERATOR_IDLE_MS, csrfToken, csrfValid } from "./operators";
import { may, needsSecondFactor } from "../../domain/operatorRoles";
import { totpCode } from "./totp";

const PASSWORD = "Laterne-Wolke-Fahrrad-93";
const T0 = Date.UTC(2030, 0, 1, 9, 0, 0);

describe("roles", () => {
  it("lets only owners manage operators and keeps production away from customers' data", () => {
    expect(may("owner", "operators.manage")).toBe(true);
    expect(may("operator", "operators.manage")).toBe(false);
    expect(may("production", "customers.read")).toBe(false);
    expect(may("production", "customers.export")).toBe(false);
    expect(may("content_editor", "mail.read")).toBe(false);
    expect(may("content_editor", "content.edit")).toBe(true);
  });
  it("lets the roles that edit content review customer pictures and read the flag page, never production", () => {
    for (const role of ["owner", "operator", "content_editor"] as const) {
      expect(may(role, "pictures.review")).toBe(true);
      expect(may(role, "flags.read")).toBe(true);
    }
    expect(may("production", "content.edit")).toBe(false);
    expect(may("production", "pictures.review")).toBe(false);
    expect(may("production", "flags.read")).toBe(false);
  });
  it("asks owners and operators for a second factor, not production or content editors", () => {
    expect(needsSecondFactor("owner")).toBe(true);
    expect(needsSecondFactor("operator")).toBe(true);
    expect(needsSecondFactor("production")).toBe(false);
    expect(needsSecondFactor("content_editor")).toBe(false);
  });
  it("binds a form's CSRF token to its session", () => {
    expect(csrfValid("session-a", csrfToken("session-a"))).toBe(true);
    expect(csrfValid("session-b", csrfToken("session-a"))).toBe(false);
    expect(csrfValid("session-a", undefined)).toBe(false);
  });
});

describe.each(TEST_DATABASES)("operators on %s", (kind) => {
  let database: TestDatabase;
  let admin: AdminServices;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    const mailer = createMailer({ db: database.db, env, log: createLogger("silent") });
    admin = createAdminServices({ db: database.db, mailer });
  }, 60_000);
  afterAll(() => database?.destroy());

  it("creates the first owner through the setup link once, and no link exists after", async () => {
    const token = await admin.operators.setupToken();
    expect(token).toBeTruthy();
    const refused = await admin.operators.createFirstOwner("made-up", {
      email: "owner@example.com",
      name: "Olivia Owner",
      password: PASSWORD,
    });
    expect(refused.ok).toBe(false);
    const weak = await admin.operators.createFirstOwner(token!, {
      email: "owner@example.com",
      name: "Olivia Owner",
      password: "Passwort123!",
    });
    expect(weak).toMatchObject({ ok: false, errors: { password: expect.any(String) } });
    const created = await admin.operators.createFirstOwner(token!, {
      email: " Owner@Example.com ",
      name: "Olivia Owner",
      password: PASSWORD,
    });
    expect(created).toMatchObject({
      ok: true,
      operator: { email: "owner@example.com", role: "owner" },
    });
    expect(await admin.operators.setupTokenValid(token!)).toBe(false);
    expect(await admin.operators.setupToken()).toBeNull();
    const second = await admin.operators.createFirstOwner(token!, {
      email: "other@example.com",
      name: "Other",
      password: PASSWORD,
    });
    expect(second.ok).toBe(false);
  });

  it("gives an owner without TOTP a session that lacks the second factor until it is set up, then rotates it", async () => {
    const login = await admin.operators.login(
      { email: "owner@example.com", password: PASSWORD, caller: "198.51.100.1" },
      T0,
    );
    if (!login.ok) throw new Error(login.problem);
    expect(login.secondFactor).toBe(false);
    const view = await admin.operators.session(login.token, new Date(T0));
    expect(view?.secondFactor).toBe(false);
    const { secret } = await admin.operators.beginSecondFactor(view!.operator);
    const fresh = (await admin.operators.byId(view!.operator.id))!;
    expect((await admin.operators.confirmSecondFactor(fresh, "000000", login.token, T0)).ok).toBe(
      false,
    );
    const confirmed = await admin.operators.confirmSecondFactor(
      fresh,
      totpCode(secret, T0),
      login.token,
      T0,
    );
    if (!confirmed.ok) throw new Error("not confirmed");
    const recoveryCodes = await admin.operators.replaceRecoveryCodes(
      (await admin.operators.byId(view!.operator.id))!,
    );
    expect(recoveryCodes).toHaveLength(10);
    // The old token is gone, the new one carries the second factor.
    expect(await admin.operators.session(login.token, new Date(T0))).toBeNull();
    expect((await admin.operators.session(confirmed.token, new Date(T0)))?.secondFactor).toBe(true);

    // Log-in now needs a code: none, a wrong one and the one already used are refused.
    const base = { email: "owner@example.com", password: PASSWORD, caller: "198.51.100.1" };
    expect(await admin.operators.login(base, T0 + 60_000)).toMatchObject({
      ok: false,
      problem: "code",
    });
    expect(await admin.operators.login({ ...base, code: "123456" }, T0 + 60_000)).toMatchObject({
      ok: false,
    });
    const later = T0 + 90_000;
    const withCode = await admin.operators.login({ ...base, code: totpCode(secret, later) }, later);
    expect(withCode).toMatchObject({ ok: true, secondFactor: true });
    const replay = await admin.operators.login({ ...base, code: totpCode(secret, later) }, later);
    expect(replay).toMatchObject({ ok: false, problem: "code" });

    // A recovery code stands in once.
    const recovery = recoveryCodes[0]!;
    expect(
      await admin.operators.login({ ...base, code: recovery.toUpperCase() }, later),
    ).toMatchObject({
      ok: true,
    });
    expect(await admin.operators.login({ ...base, code: recovery }, later)).toMatchObject({
      ok: false,
      problem: "code",
    });
    expect(await admin.operators.recoveryCodesLeft(view!.operator.id)).toBe(9);
  });

  it("ends a session after half an hour without a request", async () => {
    const owner = (await admin.operators.list()).find((o) => o.role === "owner")!;
    const [row] = await database.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, owner.id))
      .limit(1);
    expect(row).toBeDefined();
    const seen = row!.lastSeenAt.getTime();
    const [hashRow] = await database.db.select().from(operatorSessions).limit(1);
    expect(hashRow).toBeDefined();
    expect(
      await admin.operators.pruneSessions(new Date(seen + OPERATOR_IDLE_MS + 1000)),
    ).toBeGreaterThan(0);
  });

  it("lets a production operator in without a second factor and writes each change to the audit log", async () => {
    const owner = (await admin.operators.list()).find((o) => o.role === "owner")!;
    const actor = { id: owner.id, email: owner.email };
    const bad = await admin.operators.create(actor, {
      email: "not an address",
      name: "",
      role: "printer" as never,
      password: PASSWORD,
    });
    expect(bad).toMatchObject({
      ok: false,
      errors: { email: expect.any(String), name: expect.any(String), role: expect.any(String) },
    });
    const made = await admin.operators.create(actor, {
      email: "press@example.com",
      name: "Pat Press",
      role: "production",
      password: PASSWORD,
    });
    expect(made.ok).toBe(true);
    const dup = await admin.operators.create(actor, {
      email: "press@example.com",
      name: "Pat Press",
      role: "production",
      password: PASSWORD,
    });
    expect(dup).toMatchObject({ ok: false, errors: { email: expect.any(String) } });
    const login = await admin.operators.login({
      email: "press@example.com",
      password: PASSWORD,
      caller: "x",
    });
    expect(login).toMatchObject({ ok: true, secondFactor: true });
    if (!login.ok) return;
    // Disabling ends the session at once.
    await admin.operators.update(actor, login.operator.id, { disabled: true });
    expect(await admin.operators.session(login.token)).toBeNull();
    const entries = await admin.operators.auditEntries({ target: `operator:${login.operator.id}` });
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["operator.create", "operator.login", "operator.update"]),
    );
    expect(entries.find((e) => e.action === "operator.create")?.operatorEmail).toBe(
      "owner@example.com",
    );
  });

  it("refuses a wrong password as it refuses an unknown address, and throttles the eleventh try within a quarter hour", async () => {
    const wrong = await admin.operators.login({
      email: "owner@example.com",
      password: "nope-nope-nope",
      caller: "203.0.113.9",
    });
    const unknown = await admin.operators.login({
      email: "ghost@example.com",
      password: PASSWORD,
      caller: "203.0.113.9",
    });
    expect(wrong).toEqual({ ok: false, problem: "credentials" });
    expect(unknown).toEqual({ ok: false, problem: "credentials" });
    let last;
    for (let i = 0; i < 11; i += 1) {
      last = await admin.operators.login({
        email: "ghost2@example.com",
        password: "x",
        caller: `203.0.113.${20 + i}`,
      });
    }
    expect(last).toEqual({ ok: false, problem: "throttled" });
  });

  it("exports everything about a customer and erases the person, both in the audit log", async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: "K-900001",
        email: "erika@example.com",
        firstName: "Erika",
        lastName: "Muster",
        locale: "de-DE",
        passwordHash: "x",
      })
      .returning();
    await database.db.insert(customerSessions).values({
      tokenHash: "h1",
      customerId: customer!.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await database.db.insert(newsletterSubscriptions).values({
      channel: "cards",
      email: "erika@example.com",
      locale: "de-DE",
      status: "confirmed",
      source: "footer",
      unsubscribeTokenHash: "u1",
    });
    await database.db.insert(mailOutbox).values({
      channel: "cards",
      recipient: "erika@example.com",
      subject: "Willkommen",
      text: "Hallo",
      html: "<p>Hallo</p>",
      kind: "sign-up",
    });
    await database.db
      .insert(wishlistItems)
      .values({ channel: "cards", customerId: customer!.id, themeId: "hochzeit-001" });
    await database.db.insert(recommendations).values({
      channel: "cards",
      locale: "de-DE",
      friendHash: "f".repeat(43),
      senderName: "Erika",
      senderEmail: "Erika@Example.com",
      friendCode: "FREUND-1",
    });
    await database.db.insert(studioDesigns).values({
      id: "d".repeat(24),
      channel: "cards",
      customerId: customer!.id,
      configuration: { kind: "card" },
      document: { version: 1, surfaces: [] },
    });
    await database.db.insert(studioPhotos).values({
      id: "p".repeat(24),
      customerId: customer!.id,
      sha256: "0".repeat(64),
      width: 4000,
      height: 3000,
      originalType: "image/jpeg",
      originalBytes: 1000,
      screenType: "image/jpeg",
      screenWidth: 2048,
      screenHeight: 1536,
    });
    const actor = { id: 1, email: "owner@example.com" };
    const exported = await admin.customers.exportData(actor, customer!.id);
    expect(exported).toMatchObject({
      account: { email: "erika@example.com", firstName: "Erika", number: "K-900001" },
      newsletter: { status: "confirmed" },
      mails: [{ subject: "Willkommen" }],
      wishlist: [{ themeId: "hochzeit-001" }],
      recommendations: [{ senderName: "Erika", senderEmail: "Erika@Example.com" }],
      studio: {
        designs: [{ id: "d".repeat(24), configuration: { kind: "card" } }],
        photos: [{ id: "p".repeat(24), width: 4000, height: 3000 }],
      },
    });
    expect(exported!.sessions).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain("passwordHash");

    expect(await admin.customers.erase(actor, customer!.id)).toEqual({ ok: true });
    expect(await admin.customers.byId(customer!.id)).toBeNull();
    expect(
      await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, "erika@example.com")),
    ).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, "erika@example.com")),
    ).toHaveLength(0);
    for (const table of [recommendations, wishlistItems, studioDesigns, studioPhotos])
      expect(await database.db.select().from(table)).toHaveLength(0);
    const logged = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${customer!.id}`));
    expect(logged.map((e) => e.action).sort()).toEqual(["customer.erase", "customer.export"]);
    expect(JSON.stringify(logged)).not.toContain("erika@example.com");
  });
});

/**
 * The customer endpoints of the shop API:
 *   GET  /web-api/customer-data                    the visitor as the storefront shows them
 *   POST /web-api/customer-signup                  { email, password, firstName, lastName }
 *   POST /web-api/customer-login                   { email, password }
 *   POST /web-api/customer-logout
 *   POST /web-api/customer-password-reset          { email }: mails a reset link
 *   POST /web-api/customer-password-reset/confirm  { token, password }
 *   POST /web-api/customer-auth-google-credentials { credential }: Google's ID token (only
 *        with GOOGLE_CLIENT_ID; without it the path is unknown like any other)
 * Failures answer { error, message: { text } } in the visitor's language; a sign-up adds
 * the wrong fields as `errors`. Writes take JSON from this shop's own pages only.
 */
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import {
  fieldErrors,
  logInInput,
  newPasswordInput,
  passwordResetInput,
  signUpInput,
} from "../../domain/customers";
import { visitorKey } from "../../domain/cookies";
import { localeSettings } from "../../domain/locales";
import { inWhitelabelView, isWhitelabelOrder } from "../../domain/whitelabel";
import { customerView, type Customer } from "../customers/accounts";
import { googleCredentialInput } from "../customers/google";
import { deviceInfo } from "../device";
import type { AccountProblem } from "../customers/texts";
import { isSecureRequest } from "../middleware/forwarded";
import { clientAddress } from "../middleware/clientAddress";
import { requestSite } from "./formSite";
import type { ShopServices } from "../services";
import { problem as problemAnswer } from "./problem";

/** Largest body a customer call takes. */
const MAX_BODY_BYTES = 16 * 1024;

export function customerRoutes(services: ShopServices): Hono {
  const { customers, cart, wishlist } = services;
  const routes = new Hono();

  /**
   * The customer as the storefront shows them, with the order part: the articles in their
   * cart (or the visitor's), and whether both are seen in the white-label view; and the
   * themes on their wishlist.
   */
  async function customerData(c: Context, customer: Customer | null) {
    const cookies = c.req.header("cookie") ?? "";
    const key = visitorKey(cookies);
    const owner = customer ? { customerId: customer.id } : key ? { visitorKey: key } : null;
    const { channel, locale } = requestSite(c);
    const cartArticlesAmount = owner ? await cart.articles(channel, owner) : 0;
    const whitelabel = inWhitelabelView(customer?.isWhitelabel ?? false, cookies);
    const { country } = localeSettings(locale);
    return {
      ...customerView(customer),
      isWhitelabelCustomer: whitelabel,
      order: {
        cartArticlesAmount,
        isWhitelabelOrder: isWhitelabelOrder(whitelabel, cartArticlesAmount),
      },
      // The header's wishlist count, filled like the cart's: never in the cached page.
      wishlistThemes: await wishlist.count({ channel, country, locale }, owner),
    };
  }

  /** A visitor who logs in keeps what they put into the cart before. */
  async function adoptCart(c: Context, customer: Customer) {
    const key = visitorKey(c.req.header("cookie") ?? "");
    if (key) await cart.adopt(requestSite(c).channel, key, customer.id);
  }

  /** The session the browser came with: a log-in ends it. */
  const currentSession = (c: Context) => customers.sessionToken(c.req.header("cookie") ?? "");

  function callSite(c: Context) {
    const site = requestSite(c);
    return {
      ...site,
      ip: clientAddress(c),
      links: customers.links(site, new URL(c.req.url)),
      session: currentSession(c),
      userAgent: c.req.header("user-agent"),
    };
  }

  function problem(
    c: Context,
    status: 400 | 401 | 403 | 429 | 503,
    code: AccountProblem,
    extra: { errors?: Record<string, string> } = {},
  ) {
    const text = customers.text(requestSite(c).locale, code);
    // The storefront's dialogs read the visitor's-language text as `message.text`.
    return problemAnswer(c, status, {
      code,
      detail: text,
      ...extra,
      extensions: { message: { text } },
    });
  }

  /** Reads a JSON body against a schema: the parsed input, or the 400 answer naming the fields. */
  async function input<T extends z.ZodType>(c: Context, schema: T) {
    const body = await c.req.json().catch(() => undefined);
    const parsed = schema.safeParse(body);
    if (parsed.success) return { data: parsed.data as z.infer<T> };
    const { locale } = requestSite(c);
    const errors = Object.fromEntries(
      Object.entries(fieldErrors(parsed.error, body)).map(([field, code]) => [
        field,
        customers.text(locale, code as AccountProblem),
      ]),
    );
    return { answer: problem(c, 400, "invalid", { errors }) };
  }

  function withSession(c: Context, token: string) {
    c.header("Set-Cookie", customers.sessionCookie(token, isSecureRequest(c.req.raw)), {
      append: true,
    });
  }

  // Writes come from the shop's own pages: JSON (a cross-site form cannot send it without
  // the browser asking first) and, when the browser names its origin, this host.
  routes.use("/web-api/customer-*", async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const origin = c.req.header("origin");
    const sameHost =
      !origin || (URL.canParse(origin) && new URL(origin).host === c.req.header("host"));
    const json = (c.req.header("content-type") ?? "").split(";")[0]?.trim() === "application/json";
    if (
      !sameHost ||
      (!json && c.req.method === "POST" && !c.req.path.endsWith("/customer-logout"))
    ) {
      return problem(c, 403, "invalid");
    }
    return next();
  });
  routes.use(
    "/web-api/customer-*",
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => problem(c, 400, "invalid") }),
  );

  routes.get("/web-api/customer-data", async (c) => {
    const token = customers.sessionToken(c.req.header("cookie") ?? "");
    const customer = await customers.accounts.customerFor(token, requestSite(c).channel);
    // The shop learns who the visitor is here, once per page load: their flag treatments
    // are watched per customer from now on (a customer on a new device is reported).
    const key = visitorKey(c.req.header("cookie") ?? "");
    if (customer && key) {
      const mobileDevice = deviceInfo(c.req.raw.headers).isMobile;
      services.flags.evaluate(
        key,
        { channel: requestSite(c).channel, mobileDevice },
        customer.number,
      );
    }
    return c.json(await customerData(c, customer));
  });

  routes.post("/web-api/customer-signup", async (c) => {
    const read = await input(c, signUpInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.signUp(read.data, callSite(c));
    if ("throttled" in result) return problem(c, 429, "throttled");
    if (!result.ok) {
      const text = customers.text(requestSite(c).locale, result.errors.password);
      return problem(c, 400, result.errors.password, { errors: { password: text } });
    }
    // Whether the address was new or not, the answer is the same: the next step is in the mail.
    return c.json({ pending: true }, 202);
  });

  routes.post("/web-api/customer-login", async (c) => {
    const read = await input(c, logInInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.logIn(read.data, callSite(c));
    if (!result.ok) {
      if (result.reason === "throttled") return problem(c, 429, "throttled");
      return problem(c, 400, result.reason === "unverified" ? "unverified" : "invalid-credentials");
    }
    withSession(c, result.sessionToken);
    await adoptCart(c, result.customer);
    return c.json(await customerData(c, result.customer));
  });

  routes.post("/web-api/customer-logout", async (c) => {
    const token = customers.sessionToken(c.req.header("cookie") ?? "");
    if (token) await customers.accounts.logOut(token);
    c.header("Set-Cookie", customers.clearedSessionCookie(isSecureRequest(c.req.raw)));
    return c.body(null, 204);
  });

  routes.post("/web-api/customer-password-reset", async (c) => {
    const read = await input(c, passwordResetInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.requestPasswordReset(read.data.email, callSite(c));
    if (result.throttled) return problem(c, 429, "throttled");
    return c.json({ pending: true }, 202);
  });

  routes.post("/web-api/customer-password-reset/confirm", async (c) => {
    const read = await input(c, newPasswordInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.resetPassword(
      read.data.token,
      read.data.password,
      currentSession(c),
      callSite(c),
    );
    if (!result.ok) return problem(c, 400, result.reason);
    withSession(c, result.sessionToken);
    await adoptCart(c, result.customer);
    return c.json(await customerData(c, result.customer));
  });

  const google = customers.google;
  if (google) {
    routes.post("/web-api/customer-auth-google-credentials", async (c) => {
      const read = await input(c, googleCredentialInput);
      if (read.answer) return read.answer;
      const result = await google.logIn(read.data.credential, callSite(c));
      if (!result.ok) {
        if (result.reason === "throttled") return problem(c, 429, "throttled");
        if (result.reason === "unavailable") return problem(c, 503, "google-unavailable");
        return problem(c, 401, "google-failed");
      }
      withSession(c, result.sessionToken);
      await adoptCart(c, result.customer);
      return c.json(await customerData(c, result.customer));
    });
  }

  return routes;
}

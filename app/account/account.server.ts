/**
 * The account pages on the server: which page a path names, what each shows, and what
 * their forms do. Every page is personal: never cached, never indexed. The pages of a
 * signed-in customer (overview, personal data, password change, newsletter, deletion)
 * send anybody else to the log-in page, for a visit and for a form post alike.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  accountPageFor,
  accountPath,
  isSignedInPage,
  type AccountPage,
  type SignedInPage,
} from "../../domain/accountPaths";
import {
  changePasswordInput,
  confirmSignUpInput,
  deleteAccountInput,
  fieldErrors,
  logInInput,
  nameInput,
  newPasswordInput,
  newsletterChoiceInput,
  passwordResetInput,
  signUpInput,
} from "../../domain/customers";
import { languagePrefix, localisedShopPath } from "../../domain/paths";
import { CART_PATHS } from "../../domain/cart";
import { formatPrice } from "../../domain/money";
import { orderPath, ORDER_TOKEN_PATTERN } from "../../domain/orderPaths";
import { CHANNELS } from "../../config/channels";
import type { Customer } from "../../server/customers/accounts";
import type { SubscriptionStatus } from "../../server/customers/newsletter";
import { serverT } from "../i18n/messages.server";
import { adoptVisitorCart, NOT_ORDERED_AGAIN } from "../cart/cart.server";
import { shopContext } from "../context";
import { CACHE_TIERS } from "../../config/cache";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import { requestForm } from "../lib/forms.server";
import { logError } from "../lib/log";

type Context = Readonly<RouterContextProvider>;
interface Args {
  context: Context;
  request: Request;
  url: URL;
  params: { page?: string };
}

const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

/** The customer as the account overview shows them. */
export interface AccountCustomer {
  firstName: string;
  lastName: string;
  email: string;
  number: string;
}

export type AccountLoaderData =
  | { page: "log-in" | "sign-up" }
  | { page: "verify"; failed: true }
  /** A valid sign-up link: the page asks for the password chosen with it. */
  | { page: "verify"; failed: false; token: string; email: string }
  | { page: "password"; token: string | null }
  | { page: "overview" | "personal-data"; customer: AccountCustomer }
  /** `done` right after a change; `hasPassword` is false for a Google-only account. */
  | { page: "change-password"; hasPassword: boolean; done: boolean }
  | { page: "newsletter"; email: string; subscription: SubscriptionStatus }
  | { page: "delete-account"; hasPassword: boolean; deleted: false }
  /** After the deletion: the browser has no session any more. */
  | { page: "delete-account"; deleted: true }
  /** The customer's orders, newest first, each with its page below the order's token. */
  | { page: "orders"; orders: AccountOrder[] };

export interface AccountOrder {
  number: string;
  token: string;
  state: string;
  placedAt: string;
  total: string;
  articles: number;
  /** The order's own page (status, lines, invoices). */
  href: string;
}

/** The query a page is reached with right after its change was made. */
const DONE = "done";

/** What a form post answers when it does not move on: the problem, per field or for the form. */
export interface AccountActionData {
  done?: boolean;
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}

function pageOf({ context, url, params }: Args): AccountPage {
  const { rest, unknownPrefix } = context.get(localeContext);
  const folder = rest.split("/")[1] ?? "";
  const page = accountPageFor(folder, params.page);
  if (unknownPrefix || page === null) notFound(url.pathname);
  return page;
}

/** An account page's path on this site, as the site writes it (with its trailing slash). */
function pathTo(context: Context, page: AccountPage): string {
  const { country, language, channel } = context.get(localeContext);
  return localisedShopPath(accountPath(language, page), {
    country,
    language,
    trailingSlash: CHANNELS[channel].features.trailingSlash,
  });
}

function services(context: Context) {
  return context.get(shopContext).services.customers;
}

async function currentCustomer(context: Context, request: Request) {
  const customers = services(context);
  const { channel } = context.get(localeContext);
  return customers.accounts.customerFor(
    customers.sessionToken(request.headers.get("cookie") ?? ""),
    channel,
  );
}

function secure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * Goes to the account overview with a new session; the visitor's cart becomes the
 * customer's first, so every way of signing in keeps what was put in the cart.
 */
async function signedIn(
  args: Args,
  session: { customer: { id: number }; sessionToken: string },
): Promise<never> {
  await adoptVisitorCart(args.context, args.request, session.customer.id);
  throw redirect(pathTo(args.context, "overview"), {
    headers: {
      ...PERSONAL,
      "Set-Cookie": services(args.context).sessionCookie(
        session.sessionToken,
        secure(args.request),
      ),
    },
  });
}

function customerView(customer: Customer): AccountCustomer {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    number: customer.number,
  };
}

/** What a signed-in customer's page shows. */
async function signedInData(
  context: Context,
  page: SignedInPage,
  customer: Customer,
  url: URL,
): Promise<AccountLoaderData> {
  switch (page) {
    case "overview":
    case "personal-data":
      return { page, customer: customerView(customer) };
    case "change-password":
      return {
        page,
        hasPassword: customer.passwordHash !== null,
        done: url.searchParams.has(DONE),
      };
    case "newsletter": {
      const { channel } = context.get(localeContext);
      const subscription = await services(context).newsletter.statusOf(channel, customer.email);
      return { page, email: customer.email, subscription };
    }
    case "delete-account":
      return { page, hasPassword: customer.passwordHash !== null, deleted: false };
    case "orders": {
      const { channel, locale, country, language } = context.get(localeContext);
      const list = await context
        .get(shopContext)
        .services.orderHistory.ofCustomer({ id: customer.id, email: customer.email }, channel);
      const date = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
      return {
        page,
        orders: list.map((order) => ({
          number: order.number,
          token: order.token,
          state: order.state,
          placedAt: date.format(order.placedAt),
          total: formatPrice(order.totalMinor / 100, locale),
          articles: order.articles,
          href: localisedShopPath(orderPath(language, order.token), {
            country,
            language,
            trailingSlash: CHANNELS[channel].features.trailingSlash,
          }),
        })),
      };
    }
  }
}

export async function accountLoader(args: Args) {
  const page = pageOf(args);
  const { context, request, url } = args;
  const customer = await currentCustomer(context, request);
  // Right after a deletion the browser is anonymous: the page says the account is gone.
  if (page === "delete-account" && !customer && url.searchParams.has(DONE)) {
    return data<AccountLoaderData>({ page, deleted: true }, { headers: PERSONAL });
  }
  if (isSignedInPage(page)) {
    if (!customer) throw redirect(pathTo(context, "log-in"), { headers: PERSONAL });
    return data<AccountLoaderData>(await signedInData(context, page, customer, url), {
      headers: PERSONAL,
    });
  }
  if (page === "verify") {
    // Visiting the link changes nothing (mail scanners visit links too): the page asks for
    // the password chosen at sign-up, and its form opens the account.
    const token = url.searchParams.get("token") ?? "";
    const { channel } = context.get(localeContext);
    const signUp = token ? await services(context).accounts.signUpFor(token, channel) : null;
    return data<AccountLoaderData>(
      signUp ? { page, failed: false, token, email: signUp.email } : { page, failed: true },
      { headers: PERSONAL },
    );
  }
  if (page === "password") {
    const token = url.searchParams.get("token");
    return data<AccountLoaderData>({ page, token }, { headers: PERSONAL });
  }
  if (customer) throw redirect(pathTo(context, "overview"), { headers: PERSONAL });
  return data<AccountLoaderData>({ page }, { headers: PERSONAL });
}

/** Reads a form against a schema; on failure the answer names each wrong field. */
function readForm<T extends z.ZodType>(context: Context, form: FormData, schema: T) {
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { input: parsed.data as z.infer<T> };
  const { locale } = context.get(localeContext);
  const errors = Object.fromEntries(
    Object.entries(fieldErrors(parsed.error, values)).map(([field, code]) => [
      field,
      services(context).text(locale, code as "invalid" | "required"),
    ]),
  );
  // Passwords (current, new, confirming) are never sent back into a form.
  const kept = Object.fromEntries(
    Object.entries(values).filter(([field]) => !/password/i.test(field)),
  );
  return {
    answer: data<AccountActionData>({ errors, values: kept }, { status: 400, headers: PERSONAL }),
  };
}

export async function accountAction(args: Args) {
  const page = pageOf(args);
  const { context, request } = args;
  const customers = services(context);
  const { channel, locale } = context.get(localeContext);
  const { clientAddress } = context.get(shopContext);
  const site = {
    channel,
    locale,
    ip: clientAddress,
    links: customers.links({ channel, locale }, new URL(request.url)),
    session: customers.sessionToken(request.headers.get("cookie") ?? ""),
    userAgent: request.headers.get("user-agent") ?? undefined,
  };
  const form = await requestForm(request);
  // The shop failed (not the visitor): said in the visitor's language, with what they typed.
  const failed = (values?: Record<string, string>) =>
    data<AccountActionData>(
      { message: serverT(locale)("account.failed"), ...(values ? { values } : {}) },
      { status: 500, headers: PERSONAL },
    );
  const problem = (
    code: Parameters<typeof customers.text>[1],
    status = 400,
    extra: AccountActionData = {},
  ) =>
    data<AccountActionData>(
      { message: customers.text(locale, code), ...extra },
      { status, headers: PERSONAL },
    );

  if (isSignedInPage(page) && page !== "overview") {
    const customer = await currentCustomer(context, request);
    if (!customer) {
      throw redirect(pathTo(context, "log-in"), { status: 303, headers: PERSONAL });
    }
    return signedInAction(args, page, customer, form);
  }
  if (page === "overview") {
    const token = customers.sessionToken(request.headers.get("cookie") ?? "");
    if (token) await customers.accounts.logOut(token);
    const { country, language } = context.get(localeContext);
    throw redirect(`${languagePrefix(country, language)}/`, {
      headers: { ...PERSONAL, "Set-Cookie": customers.clearedSessionCookie(secure(request)) },
    });
  }
  if (page === "log-in") {
    const read = readForm(context, form, logInInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.logIn(read.input, site);
    if (result.ok) return signedIn(args, result);
    const values = { email: read.input.email };
    if (result.reason === "throttled") return problem("throttled", 429, { values });
    return problem(result.reason === "unverified" ? "unverified" : "invalid-credentials", 400, {
      values,
    });
  }
  if (page === "verify") {
    const read = readForm(context, form, confirmSignUpInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.confirmSignUp(read.input, site);
    if (result.ok) return signedIn(args, result);
    if (result.reason === "throttled") return problem("throttled", 429);
    return problem(result.reason === "invalid-link" ? "invalid-link" : "invalid-credentials");
  }
  if (page === "sign-up") {
    const read = readForm(context, form, signUpInput);
    if (read.answer) return read.answer;
    const { password: _password, ...values } = read.input;
    // A refusal is the visitor's to fix (400, not logged); anything else is our failure.
    const result = await customers.accounts.signUp(read.input, site).catch((error: unknown) => {
      logError("sign-up-error", error, { channel, locale });
      return null;
    });
    if (result === null) return failed(values);
    if ("throttled" in result) return problem("throttled", 429, { values });
    if (!result.ok) {
      return data<AccountActionData>(
        { errors: { password: customers.text(locale, result.errors.password) }, values },
        { status: 400, headers: PERSONAL },
      );
    }
    return data<AccountActionData>({ done: true }, { headers: PERSONAL });
  }
  if (page === "password") {
    if (form.has("token")) {
      const read = readForm(context, form, newPasswordInput);
      if (read.answer) return read.answer;
      const result = await customers.accounts
        .resetPassword(read.input.token, read.input.password, site.session, site)
        .catch((error: unknown) => {
          logError("password-reset-error", error, { channel, locale, step: "new-password" });
          return null;
        });
      if (result === null) return failed();
      if (result.ok) return signedIn(args, result);
      return result.reason === "invalid-link"
        ? problem("invalid-link")
        : data<AccountActionData>(
            { errors: { password: customers.text(locale, result.reason) } },
            { status: 400, headers: PERSONAL },
          );
    }
    const read = readForm(context, form, passwordResetInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts
      .requestPasswordReset(read.input.email, site)
      .catch((error: unknown) => {
        logError("password-reset-error", error, { channel, locale, step: "request" });
        return null;
      });
    if (result === null) return failed();
    if (result.throttled) return problem("throttled", 429);
    return data<AccountActionData>({ done: true }, { headers: PERSONAL });
  }
  notFound(args.url.pathname);
}

/** A field's problem, already in the visitor's language. */
function fieldProblem(field: string, text: string) {
  return data<AccountActionData>({ errors: { [field]: text } }, { status: 400, headers: PERSONAL });
}

/** The forms of a signed-in customer's pages. */
async function signedInAction(
  args: Args,
  page: Exclude<SignedInPage, "overview">,
  customer: Customer,
  form: FormData,
) {
  const { context, request } = args;
  const customers = services(context);
  const { channel, locale } = context.get(localeContext);
  const { clientAddress } = context.get(shopContext);
  const t = serverT(locale);

  if (page === "personal-data") {
    const read = readForm(context, form, nameInput);
    if (read.answer) return read.answer;
    const updated = await customers.accounts.updateName(customer.id, read.input);
    if (!updated) throw redirect(pathTo(context, "log-in"), { status: 303, headers: PERSONAL });
    return data<AccountActionData>(
      { done: true, values: { firstName: updated.firstName, lastName: updated.lastName } },
      { headers: PERSONAL },
    );
  }

  if (page === "change-password") {
    const read = readForm(context, form, changePasswordInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.changePassword(customer, read.input, clientAddress);
    if (result.ok) {
      // This browser goes on with a new session (every other one has ended); the page
      // is loaded afresh so a reload does not send the passwords again.
      throw redirect(`${pathTo(context, page)}?${DONE}`, {
        status: 303,
        headers: {
          ...PERSONAL,
          "Set-Cookie": customers.sessionCookie(result.sessionToken, secure(request)),
        },
      });
    }
    if ("throttled" in result) {
      return data<AccountActionData>(
        { message: customers.text(locale, "throttled") },
        { status: 429, headers: PERSONAL },
      );
    }
    const errors: Record<string, string> = {};
    if (result.errors.currentPassword) errors.currentPassword = t("account.wrongPassword");
    if (result.errors.newPassword)
      errors.newPassword = customers.text(locale, result.errors.newPassword);
    return data<AccountActionData>({ errors }, { status: 400, headers: PERSONAL });
  }

  if (page === "orders") {
    // "Order again": a copy of each line (and of its design) into the cart, then the cart.
    const token = form.get("token");
    const { country, language } = context.get(localeContext);
    const result =
      typeof token === "string" && ORDER_TOKEN_PATTERN.test(token)
        ? await context
            .get(shopContext)
            .services.orderHistory.orderAgain(
              { id: customer.id, email: customer.email },
              { channel, country, locale },
              token,
            )
        : null;
    if (!result)
      return data<AccountActionData>(
        { message: t("order.notFound") },
        { status: 404, headers: PERSONAL },
      );
    const cartPath = localisedShopPath(CART_PATHS[language], {
      country,
      language,
      trailingSlash: CHANNELS[channel].features.trailingSlash,
    });
    // The cart says how many of the order's lines it could not take (no longer sold so).
    throw redirect(
      result.skipped > 0 ? `${cartPath}?${NOT_ORDERED_AGAIN}=${result.skipped}` : cartPath,
      {
        status: 303,
        headers: PERSONAL,
      },
    );
  }

  if (page === "newsletter") {
    const read = readForm(context, form, newsletterChoiceInput);
    if (read.answer) return read.answer;
    if (read.input.intent === "unsubscribe") {
      await customers.newsletter.unsubscribeAddress(channel, customer.email);
      return data<AccountActionData>(
        { done: true, message: t("account.newsletterUnsubscribedDone") },
        { headers: PERSONAL },
      );
    }
    // The account's confirmed address is the customer's own: no confirmation mail needed.
    if (customer.emailVerifiedAt) {
      await customers.newsletter.subscribeConfirmed({
        channel,
        locale,
        email: customer.email,
        source: "account",
      });
      return data<AccountActionData>(
        { done: true, message: t("account.newsletterSubscribedDone") },
        { headers: PERSONAL },
      );
    }
    const result = await customers.newsletter.subscribe({
      channel,
      locale,
      email: customer.email,
      source: "account",
      ip: clientAddress,
      links: customers.newsletterLinks({ channel, locale }, new URL(request.url)),
    });
    if (result.throttled) {
      return data<AccountActionData>(
        { message: t("account.newsletterThrottled") },
        { status: 429, headers: PERSONAL },
      );
    }
    return data<AccountActionData>(
      { done: true, message: t("account.newsletterConfirmSent") },
      { headers: PERSONAL },
    );
  }

  // Deleting the account.
  const read = readForm(context, form, deleteAccountInput);
  if (read.answer) return read.answer;
  const result = await customers.accounts.deleteAccount(
    customer,
    read.input.password,
    clientAddress,
  );
  if (!result.ok) {
    return result.reason === "throttled"
      ? data<AccountActionData>(
          { message: customers.text(locale, "throttled") },
          { status: 429, headers: PERSONAL },
        )
      : fieldProblem("password", t("account.wrongPassword"));
  }
  throw redirect(`${pathTo(context, page)}?${DONE}`, {
    status: 303,
    headers: { ...PERSONAL, "Set-Cookie": customers.clearedSessionCookie(secure(request)) },
  });
}

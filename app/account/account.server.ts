/**
 * The account pages on the server: which page a path names, what each shows, and what
 * their forms do. Every page is personal: never cached, never indexed.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { accountPageFor, accountPath, type AccountPage } from "../../domain/accountPaths";
import {
  fieldErrors,
  logInInput,
  newPasswordInput,
  passwordResetInput,
  signUpInput,
} from "../../domain/customers";
import { languagePrefix } from "../../domain/paths";
import { adoptVisitorCart } from "../cart/cart.server";
import { shopContext } from "../context";
import { CACHE_TIERS } from "../../config/cache";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import { requestForm } from "../lib/forms.server";

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
  | { page: "password"; token: string | null }
  | { page: "overview"; customer: AccountCustomer };

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

function pathTo(context: Context, page: AccountPage): string {
  const { country, language } = context.get(localeContext);
  return `${languagePrefix(country, language)}${accountPath(language, page)}`;
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

/** Goes to the account overview with a new session. */
function signedIn(args: Args, token: string): never {
  throw redirect(pathTo(args.context, "overview"), {
    headers: {
      ...PERSONAL,
      "Set-Cookie": services(args.context).sessionCookie(token, secure(args.request)),
    },
  });
}

export async function accountLoader(args: Args) {
  const page = pageOf(args);
  const { context, request, url } = args;
  const customer = await currentCustomer(context, request);
  if (page === "overview") {
    if (!customer) throw redirect(pathTo(context, "log-in"), { headers: PERSONAL });
    const view = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      number: customer.number,
    };
    return data<AccountLoaderData>({ page, customer: view }, { headers: PERSONAL });
  }
  if (page === "verify") {
    const token = url.searchParams.get("token") ?? "";
    const verified = token ? await services(context).accounts.verifyEmail(token) : null;
    if (verified) {
      await adoptVisitorCart(context, request, verified.customer.id);
      signedIn(args, verified.sessionToken);
    }
    return data<AccountLoaderData>({ page, failed: true }, { headers: PERSONAL });
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
  // Passwords are never sent back into a form.
  const { password: _password, ...kept } = values;
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
  };
  const form = await requestForm(request);
  const problem = (
    code: Parameters<typeof customers.text>[1],
    status = 400,
    extra: AccountActionData = {},
  ) =>
    data<AccountActionData>(
      { message: customers.text(locale, code), ...extra },
      { status, headers: PERSONAL },
    );

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
    if (result.ok) {
      await adoptVisitorCart(context, request, result.customer.id);
      signedIn(args, result.sessionToken);
    }
    const values = { email: read.input.email };
    if (result.reason === "throttled") return problem("throttled", 429, { values });
    return problem(result.reason === "unverified" ? "unverified" : "invalid-credentials", 400, {
      values,
    });
  }
  if (page === "sign-up") {
    const read = readForm(context, form, signUpInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.signUp(read.input, site);
    const { password: _password, ...values } = read.input;
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
      const result = await customers.accounts.resetPassword(read.input.token, read.input.password);
      if (result.ok) {
        await adoptVisitorCart(context, request, result.customer.id);
        signedIn(args, result.sessionToken);
      }
      return result.reason === "invalid-link"
        ? problem("invalid-link")
        : data<AccountActionData>(
            { errors: { password: customers.text(locale, result.reason) } },
            { status: 400, headers: PERSONAL },
          );
    }
    const read = readForm(context, form, passwordResetInput);
    if (read.answer) return read.answer;
    const result = await customers.accounts.requestPasswordReset(read.input.email, site);
    if (result.throttled) return problem("throttled", 429);
    return data<AccountActionData>({ done: true }, { headers: PERSONAL });
  }
  notFound(args.url.pathname);
}

/**
 * Logging out at /logout (/abmelden, /deconnexion …): a visit shows a button, only its post
 * ends the session, so a link or an image elsewhere cannot sign a customer out (posts from
 * other sites are refused before they reach the shop). Afterwards, and for a visitor who is
 * not signed in, the way leads to the home page.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { languagePrefix } from "../../domain/paths";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";

type Context = Readonly<RouterContextProvider>;

const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

function homeOf(context: Context): string {
  const { country, language } = context.get(localeContext);
  return `${languagePrefix(country, language)}/`;
}

function sessionOf(context: Context, request: Request): string | null {
  const { customers } = context.get(shopContext).services;
  return customers.sessionToken(request.headers.get("cookie") ?? "") || null;
}

/** The confirmation for a signed-in customer; anybody else goes home. */
export async function logoutLoader({
  context,
  request,
  url,
}: {
  context: Context;
  request: Request;
  url: URL;
}) {
  const { unknownPrefix, locale, channel } = context.get(localeContext);
  if (unknownPrefix) notFound(url.pathname);
  const { customers } = context.get(shopContext).services;
  const customer = await customers.accounts.customerFor(
    sessionOf(context, request) ?? undefined,
    channel,
  );
  if (!customer) throw redirect(homeOf(context), { status: 303, headers: PERSONAL });
  const t = serverT(locale);
  return data(
    { title: pageTitle(t("account.logOut"), CHANNELS[channel].brandName) },
    { headers: PERSONAL },
  );
}

/** Ends the session (if any), clears its cookie and goes to the home page. */
export async function logoutAction({ context, request }: { context: Context; request: Request }) {
  const { customers } = context.get(shopContext).services;
  const token = sessionOf(context, request);
  if (token) await customers.accounts.logOut(token);
  const secure = new URL(request.url).protocol === "https:";
  throw redirect(homeOf(context), {
    status: 303,
    headers: { ...PERSONAL, "Set-Cookie": customers.clearedSessionCookie(secure) },
  });
}

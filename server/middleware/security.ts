/**
 * Security headers for every response, and a fresh CSP nonce per request that the
 * document's scripts carry.
 *
 * Scripts: the shop's own files, inline scripts with the nonce, and the origins of the
 * third-party scripts that are configured, nothing else. There is deliberately no
 * 'strict-dynamic': it would let any script the page inserts run whatever its host, and
 * the host list is what keeps an unconfigured tracker out
 * (docs/decisions/0009-consent-and-third-party-scripts.md).
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isSecureRequest } from "./forwarded";
import {
  NO_THIRD_PARTIES,
  thirdPartySources,
  type ThirdPartyConfig,
} from "../../domain/thirdParty";

export type NonceVariables = { nonce: string };

function sources(own: string, extra: readonly string[]): string {
  return [own, ...extra].join(" ");
}

/** The policy with the configured hosts worked out once; only the nonce changes per page. */
function policyFor(dev: boolean, thirdParty: ThirdPartyConfig): (nonce: string) => string {
  const allowed = thirdPartySources(thirdParty);
  const script = (nonce: string) =>
    sources(`'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`, allowed.script);
  // Style elements carry the nonce, as scripts do; style attributes (CMS colours, the
  // components' custom properties) are allowed apart. The loaders of configured third
  // parties (tag manager, chat) insert style elements of their own without the nonce, so
  // with any of them the elements are allowed inline as well, as is Vite's CSS in dev.
  const styleElements =
    dev || allowed.script.length > 0
      ? () => "'unsafe-inline'"
      : (nonce: string) => `'nonce-${nonce}'`;
  const style = (nonce: string) =>
    `style-src 'self' ${styleElements(nonce)}; style-src-attr 'unsafe-inline'`;
  const rest = [
    `img-src ${sources("'self' data: blob:", allowed.img)}`,
    "font-src 'self'",
    `connect-src ${sources(`'self'${dev ? " ws: wss:" : ""}`, allowed.connect)}`,
    `frame-src ${sources("'self'", allowed.frame)}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return (nonce) => `default-src 'self'; script-src ${script(nonce)}; ${style(nonce)}; ${rest}`;
}

export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
): string {
  return policyFor(dev, thirdParty)(nonce);
}

/** A year: browsers keep to HTTPS this long after they last saw the header. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

export interface TransportOptions {
  /** HSTS also for every subdomain of the shop's hosts. */
  hstsIncludeSubdomains?: boolean;
}

/** Paths whose responses other sites may embed (images are public by nature). */
function embeddable(path: string): boolean {
  return path.startsWith("/a/") || path.startsWith("/_img/");
}

export function securityHeaders(
  dev: boolean,
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
  transport: TransportOptions = {},
): MiddlewareHandler<{ Variables: NonceVariables }> {
  const policy = policyFor(dev, thirdParty);
  const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}${transport.hstsIncludeSubdomains ? "; includeSubDomains" : ""}`;
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "SAMEORIGIN");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    headers.set(
      "Cross-Origin-Resource-Policy",
      embeddable(c.req.path) ? "cross-origin" : "same-site",
    );
    // Only a response that came over HTTPS may ask the browser to keep to HTTPS.
    if (isSecureRequest(c.req.raw)) headers.set("Strict-Transport-Security", hsts);
    if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
      headers.set("Content-Security-Policy", policy(nonce));
    }
  };
}

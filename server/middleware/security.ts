/**
 * Security headers for every response, and a fresh CSP nonce per request that the
 * document's scripts carry (a shared page from the page cache is allowed by hashes instead).
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

function sources(...lists: (string | readonly string[])[]): string {
  return lists.flat().filter(Boolean).join(" ");
}

/**
 * What lets a page's inline scripts and style elements run: the request's nonce, or, for
 * a page many visitors share (the page cache), the hashes of its inline scripts.
 */
export type InlineSources = { nonce: string } | { scriptHashes: readonly string[] };

/** The policy with the configured hosts worked out once; only the inline sources change per page. */
export function pagePolicy(
  dev: boolean,
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
): (inline: InlineSources) => string {
  const allowed = thirdPartySources(thirdParty);
  const script = (inline: InlineSources) =>
    sources(
      "'self'",
      "nonce" in inline ? `'nonce-${inline.nonce}'` : inline.scriptHashes.map((h) => `'${h}'`),
      dev ? "'unsafe-eval'" : "",
      allowed.script,
    );
  // Style elements need the nonce, as scripts do; style attributes (CMS colours, the
  // components' custom properties) are allowed apart. Style elements are allowed inline
  // when the page has no nonce (a shared page: the components of the pages a visitor
  // moves on to in the browser, a carousel with its breakpoints, add style elements no
  // hash worked out at render time can know), with configured third parties (their
  // loaders insert style elements of their own) and in development (Vite's CSS).
  const inlineStyleElements = dev || allowed.script.length > 0;
  const styleElements = (inline: InlineSources) =>
    inlineStyleElements || !("nonce" in inline) ? "'unsafe-inline'" : `'nonce-${inline.nonce}'`;
  const style = (inline: InlineSources) =>
    `style-src ${sources("'self'", allowed.style, styleElements(inline))}; style-src-attr 'unsafe-inline'`;
  const rest = [
    `img-src ${sources("'self' data: blob:", allowed.img)}`,
    "font-src 'self'",
    `connect-src ${sources("'self'", dev ? "ws: wss:" : "", allowed.connect)}`,
    `frame-src ${sources("'self'", allowed.frame)}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return (inline) => `default-src 'self'; script-src ${script(inline)}; ${style(inline)}; ${rest}`;
}

export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
): string {
  return pagePolicy(dev, thirdParty)({ nonce });
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

const NONCE_BYTES = 16;
/** Random bytes are drawn for this many nonces at a time; each byte serves one nonce only. */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

/** A fresh nonce: 16 random bytes in base64, from a pool drawn from the CSPRNG. */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceOffset = 0;
  }
  const nonce = nonceBytes.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The headers every response gets besides its policy, by the path asked for and whether
 * the visitor came over HTTPS (server/fastHit.ts sends them with a page cache hit too).
 */
export type ResponseHeaders = (path: string, secure: boolean) => readonly [string, string][];

export function responseHeaders(
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
  transport: TransportOptions = {},
): ResponseHeaders {
  const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}${transport.hstsIncludeSubdomains ? "; includeSubDomains" : ""}`;
  const headers = (embeddable: boolean, secure: boolean): [string, string][] => [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    // Google's sign-in hands the credential back from its pop-up window to this page.
    [
      "Cross-Origin-Opener-Policy",
      thirdParty.googleSignIn ? "same-origin-allow-popups" : "same-origin",
    ],
    ["Cross-Origin-Resource-Policy", embeddable ? "cross-origin" : "same-site"],
    // Only a response that came over HTTPS may ask the browser to keep to HTTPS.
    ...(secure ? [["Strict-Transport-Security", hsts] as [string, string]] : []),
  ];
  // Four lists in all, made once.
  const lists = [false, true].map((embeddable) =>
    [false, true].map((secure) => headers(embeddable, secure)),
  );
  return (path, secure) => lists[embeddable(path) ? 1 : 0]![secure ? 1 : 0]!;
}

export function securityHeaders(
  dev: boolean,
  thirdParty: ThirdPartyConfig = NO_THIRD_PARTIES,
  transport: TransportOptions = {},
): MiddlewareHandler<{ Variables: NonceVariables }> {
  const policy = pagePolicy(dev, thirdParty);
  const headersFor = responseHeaders(thirdParty, transport);
  return async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    for (const [name, value] of headersFor(c.req.path, isSecureRequest(c.req.raw))) {
      headers.set(name, value);
    }
    // A page from the page cache brings its own policy, with the hashes of its scripts.
    const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
    if (html && !headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", policy({ nonce }));
    }
  };
}

/**
 * The scheme the visitor used when a TLS proxy (load balancer, CDN) in front of the shop
 * talks plain HTTP to it: X-Forwarded-Proto, or the proto of an RFC 7239 Forwarded
 * header. The first hop counts, as it is the one the browser talked to.
 *
 * Trusting the header is safe in the direction it is used: it can only turn http into
 * https. A browser cannot add it to a cross-site form post, and a client that spoofs it
 * on plain HTTP only gets cookies marked Secure, which its own browser then withholds.
 */
import type { HeaderReader, RequestSeen } from "../requestHeaders";

/** True when a TLS proxy in front of the shop says the visitor used HTTPS (its first hop). */
export function forwardedHttps(headers: HeaderReader): boolean {
  const forwardedProto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwardedProto?.toLowerCase() === "https") return true;
  const forwarded = headers.get("forwarded")?.split(",")[0] ?? "";
  return /(?:^|;)\s*proto="?https"?\s*(?:;|$)/i.test(forwarded);
}

/** True when the visitor reached the shop over HTTPS, directly or through a TLS proxy. */
export function isSecureRequest(request: RequestSeen): boolean {
  // The URL is serialised (see RequestSeen): its scheme is in lower case.
  return request.url.startsWith("https:") || forwardedHttps(request.headers);
}

/** Makes an http URL the https URL the visitor used through a TLS proxy (in place). */
export function toVisitorScheme(url: URL): void {
  url.protocol = "https:";
  if (url.port === "80") url.port = "";
}

/**
 * The request as the visitor sent it: an http request URL becomes https when a TLS
 * proxy says the visitor used HTTPS. React Router compares an action's Origin header
 * with the request URL's origin, scheme included, so without this every form post
 * behind a TLS proxy would be refused as cross-site.
 */
export function withVisitorScheme(request: Request): Request {
  if (!request.url.startsWith("http:") || !forwardedHttps(request.headers)) return request;
  const url = new URL(request.url);
  toVisitorScheme(url);
  return new Request(url, request);
}

/**
 * The origin the visitor asked for, for absolute links in answers that are not pages
 * (robots.txt, the sitemap): the scheme they used, through a TLS proxy too, and the host
 * they named (the Host header, port included). Check the host against the hosts table
 * before printing it.
 */
export function visitorOrigin(request: RequestSeen): string {
  const url = new URL(request.url);
  const host = request.headers.get("host")?.trim().toLowerCase() || url.host;
  return `${isSecureRequest(request) ? "https:" : url.protocol}//${host}`;
}

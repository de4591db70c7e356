/**
 * A customer's log-in history as the shop keeps it: when, how, from roughly where and with
 * what kind of browser, and no more. The network address is cut to its network (IPv4 to
 * /24, IPv6 to /48), which still tells a provider and a region apart but no longer one
 * household; the browser is kept as its family and system ("Firefox on Windows"), never the
 * whole user-agent string that helps fingerprint a person.
 */

/** The ways a customer proves who they are and gets a session. */
export const LOG_IN_METHODS = ["password", "google", "sign-up link", "password reset"] as const;
export type LogInMethod = (typeof LOG_IN_METHODS)[number];

/** How long a log-in stays in the history (the retention job removes older ones). */
export const LOG_IN_HISTORY_DAYS = 180;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Network(address: string): string | null {
  const m = IPV4.exec(address);
  if (!m) return null;
  const parts = m.slice(1, 4).map(Number);
  if (parts.some((p) => p > 255) || Number(m[4]) > 255) return null;
  return `${parts.join(".")}.0/24`;
}

/** The eight groups of an IPv6 address, or null when it is none. */
function ipv6Groups(address: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(address) || address.split("::").length > 2) return null;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // An embedded IPv4 address at the end counts as two groups.
  const last = right.length ? right : left;
  const v4 = last.length ? IPV4.exec(last[last.length - 1]!) : null;
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    last.splice(last.length - 1, 1, ((bytes[0]! << 8) | bytes[1]!).toString(16));
    last.push(((bytes[2]! << 8) | bytes[3]!).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/**
 * The network of a client address as the history keeps it: an IPv4 address to its /24, an
 * IPv6 address to its /48 (an IPv4 address written as IPv6, `::ffff:a.b.c.d`, as IPv4);
 * anything else as "unknown".
 */
export function truncatedAddress(address: string | null | undefined): string {
  const plain = (address ?? "").trim().replace(/^\[|\]$/g, "");
  const v4 = ipv4Network(plain);
  if (v4) return v4;
  const groups = ipv6Groups(plain.replace(/%.*$/, ""));
  if (!groups) return "unknown";
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [a, b] = [groups[6]!, groups[7]!];
    return ipv4Network(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`) ?? "unknown";
  }
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

/** Browsers by the token that names them, the more specific first (Edge also says Chrome). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/Chrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser family and system of a user-agent string ("Firefox on Windows"), or "unknown". */
export function userAgentFamily(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua.trim() ? "other" : "unknown");
}

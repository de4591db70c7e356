/**
 * Links to made-up places: hosts under the names reserved for examples and tests
 * (`.example`, `.test`, `.invalid`, `.localhost`, example.com/net/org). A third party's
 * link there (a review provider, an app store, an app's deep link) is a placeholder, not a
 * configured service, so the shop shows no such link rather than present it as real.
 */
const RESERVED_TLDS = ["example", "test", "invalid", "localhost"];
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org"];

/** Whether an absolute URL points to a reserved example host (relative links never do). */
export function isPlaceholderLink(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { hostname, protocol } = new URL(url);
  if (protocol !== "https:" && protocol !== "http:") {
    // A custom-scheme deep link ("wallora://open") names no host to judge.
    return false;
  }
  const host = hostname.toLowerCase().replace(/\.$/, "");
  const tld = host.split(".").pop() ?? "";
  return (
    RESERVED_TLDS.includes(tld) ||
    RESERVED_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

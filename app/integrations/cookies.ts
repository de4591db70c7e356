/**
 * Deletes the cookies whose names start with one of the prefixes, on this host and on
 * each parent domain a script may have set them for.
 */
export function deleteCookies(prefixes: readonly string[]): void {
  if (prefixes.length === 0) return;
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name !== "" && prefixes.some((prefix) => name.startsWith(prefix)));
  const labels = window.location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < labels.length - 1; i++)
    domains.push(`; Domain=.${labels.slice(i).join(".")}`);
  for (const name of names) {
    for (const domain of domains) {
      document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
    }
  }
}

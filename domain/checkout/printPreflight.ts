/**
 * A print file's preflight report as an operator reads it on the order page: "ready" or
 * what stops it (photos that could not be read, frames left empty, problems named by the
 * check), then the page count, colour space and print profile it was made for. The report
 * is kept as the print job wrote it (server/orders/printFiles.ts); anything it does not
 * hold is left out rather than guessed.
 */

const COLOUR_SPACES: Readonly<Record<string, string>> = { cmyk: "CMYK", srgb: "sRGB" };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A problem as a phrase: a text as it is, an element by where it sits. */
function phrase(problem: unknown): string {
  if (typeof problem === "string") return problem;
  if (problem && typeof problem === "object") {
    const { code, surface, element } = problem as Record<string, unknown>;
    return [code, surface, element].filter((p) => typeof p === "string").join(" ");
  }
  return String(problem);
}

export function preflightSummary(report: Readonly<Record<string, unknown>>): string {
  const missing = list(report.missingPhotos);
  const empty = list(report.emptyFrames);
  const problems = list(report.problems).map(phrase);
  const stops = [
    ...(missing.length > 0 ? [`${count(missing.length, "photo", "photos")} missing`] : []),
    ...(empty.length > 0 ? [`${count(empty.length, "frame", "frames")} empty`] : []),
    ...problems,
  ];
  const verdict =
    report.ok === true && stops.length === 0
      ? "Ready"
      : `Problems: ${stops.length > 0 ? stops.join("; ") : "not ready"}`;
  const facts = [
    typeof report.pages === "number" ? count(report.pages, "page", "pages") : null,
    typeof report.colour === "string" ? (COLOUR_SPACES[report.colour] ?? report.colour) : null,
    typeof report.profile === "string" ? `profile ${report.profile}` : null,
  ].filter((f) => f !== null);
  return facts.length > 0 ? `${verdict} (${facts.join(", ")})` : verdict;
}

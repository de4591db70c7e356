/**
 * Markup an editor types into a story that the shop would show as written. The shop
 * renders plain text fields as text and rich text from its nodes and marks, never from
 * markdown, so `[Canvas](/canvas)`, `**bold**` or a `# heading` at the start of a line
 * would reach a page literally; so would a `{{placeholder}}` no step of the shop fills in.
 * A story carrying any of them is refused at publish (the draft may keep them), with the
 * path of each field, so the editor can use a link field, a rich-text mark or a headline.
 */
import { FACT_TOKENS } from "./countryFacts";

/** What is wrong with a text. */
export type MarkupRule = "markdown-link" | "markdown-bold" | "markdown-heading" | "placeholder";

export interface MarkupProblem {
  /** Where the text stands in the story's content, dotted: `body.2.text.content.0.content.1.text`. */
  path: string;
  rule: MarkupRule;
  /** The markup as found (shortened). */
  found: string;
}

/** `[text](target)` and `![alt](src)`: a link or image in markdown. */
const MARKDOWN_LINK = /!?\[[^\]\n]{1,200}\]\([^)\n]{0,500}\)/;
/** `**bold**` or `__bold__` around a word. */
const MARKDOWN_BOLD = /(\*\*|__)(?=\S)[^\n]{0,200}?\S\1/;
/** `# Heading` to `###### Heading` at the start of a line. */
const MARKDOWN_HEADING = /(?:^|\n)[ \t]{0,3}#{1,6}[ \t]+\S[^\n]{0,60}/g;
/** A placeholder as the shop's steps write it: `{{ name }}` or `{{ name:argument }}`. */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)(?::\s*([^}\s]{1,100}))?\s*\}\}/g;

/** Where `{{count}}` is filled in: the link text of a theme overview (the number of its themes). */
const COUNT_FIELDS: Readonly<Record<string, readonly string[]>> = { ThemeOverview: ["linkText"] };

/** Keys that hold no text a visitor reads: the block's name and its id. */
const NOT_TEXT = new Set(["_uid", "component", "_editable"]);

/** Whether a placeholder is one the shop fills in where it stands. */
function isKnownPlaceholder(name: string, argument: string | undefined, at: TextPlace): boolean {
  if (argument !== undefined) return name === "fromPrice";
  if ((FACT_TOKENS as readonly string[]).includes(name)) return true;
  return (
    name === "count" && at.component !== undefined && !!COUNT_FIELDS[at.component]?.includes(at.key)
  );
}

/** A text's place: the block it belongs to, its key, and whether it starts a line. */
export interface TextPlace {
  component: string | undefined;
  key: string;
  /** False inside a rich-text text node after another inline node of its paragraph. */
  startsLine: boolean;
}

function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed;
}

/** The markup problems of one text. */
export function textMarkupProblems(
  text: string,
  at: TextPlace = { component: undefined, key: "", startsLine: true },
): { rule: MarkupRule; found: string }[] {
  const problems: { rule: MarkupRule; found: string }[] = [];
  const link = MARKDOWN_LINK.exec(text);
  if (link) problems.push({ rule: "markdown-link", found: shorten(link[0]) });
  const bold = MARKDOWN_BOLD.exec(text);
  if (bold) problems.push({ rule: "markdown-bold", found: shorten(bold[0]) });
  const heading = [...text.matchAll(MARKDOWN_HEADING)].find(
    (match) => at.startsLine || match[0].startsWith("\n"),
  );
  if (heading) problems.push({ rule: "markdown-heading", found: shorten(heading[0]) });
  if (text.includes("{{")) {
    // Every `{{` must open a known placeholder; what is left after taking those out is literal.
    const rest = text.replace(PLACEHOLDER, (whole, name: string, argument: string | undefined) =>
      isKnownPlaceholder(name, argument, at) ? "" : `\u0000${whole}\u0000`,
    );
    const unknown = /\u0000([^\u0000]*)\u0000/.exec(rest)?.[1] ?? /\{\{[^\n]{0,40}/.exec(rest)?.[0];
    if (unknown !== undefined) problems.push({ rule: "placeholder", found: shorten(unknown) });
  }
  return problems;
}

/**
 * Every text of a story's content that carries markup the shop would show as written,
 * with its path; empty when the story may be published.
 */
export function contentMarkupProblems(content: unknown): MarkupProblem[] {
  const problems: MarkupProblem[] = [];
  // `first`: the value is no item of a list, or its first one.
  const walk = (value: unknown, path: string, at: TextPlace, first = true): void => {
    if (typeof value === "string") {
      for (const problem of textMarkupProblems(value, at)) problems.push({ path, ...problem });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}.${i}`, at, i === 0));
      return;
    }
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    const component = typeof record.component === "string" ? record.component : at.component;
    // A rich-text text node starts a line only as the first node of its paragraph.
    const startsLine = record.type !== "text" || first;
    for (const [key, item] of Object.entries(record)) {
      if (NOT_TEXT.has(key)) continue;
      walk(item, path ? `${path}.${key}` : key, { component, key, startsLine });
    }
  };
  walk(content, "", { component: undefined, key: "", startsLine: true });
  return problems;
}

const EXPLAINED: Record<MarkupRule, string> = {
  "markdown-link": "a markdown link is shown as written; use a link field or a rich-text link",
  "markdown-bold": "markdown bold is shown as written; use rich text's bold mark",
  "markdown-heading":
    "a markdown heading is shown as written; use a rich-text heading or the block's headline",
  placeholder: `no step of the shop fills this placeholder in; known are ${FACT_TOKENS.map((t) => `{{${t}}}`).join(", ")}, {{fromPrice:product}} and {{count}} in a theme overview's link text`,
};

/** The problems as a refusal names them: per field path, what was found and why it cannot stay. */
export function markupErrors(problems: readonly MarkupProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { path, rule, found } of problems) {
    const message = `"${found}": ${EXPLAINED[rule]}`;
    errors[path] = errors[path] ? `${errors[path]}; ${message}` : message;
  }
  return errors;
}

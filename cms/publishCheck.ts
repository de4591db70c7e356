/**
 * What may be published: a story whose texts carry markup a page would show as written
 * (markdown, an unknown placeholder; domain/contentMarkup.ts) is refused, through the
 * management API and the content editor alike. Drafts may carry it while an editor works.
 */
import type { StoredContent } from "../db/schema";
import { contentMarkupProblems, markupErrors } from "../domain/contentMarkup";

/** A publish refused for markup in the story's texts; `errors` per field path (`content.…`). */
export class MarkupRefusedError extends Error {
  constructor(readonly errors: Readonly<Record<string, string>>) {
    super(
      `Not published: ${Object.keys(errors).join(", ")} would show markup as written (${Object.values(errors)[0]})`,
    );
    this.name = "MarkupRefusedError";
  }
}

/** The refusal of publishing this content, or null when it may be published. */
export function publishRefusal(
  content: StoredContent | null | undefined,
): MarkupRefusedError | null {
  if (!content) return null;
  const problems = contentMarkupProblems(content);
  if (problems.length === 0) return null;
  const errors = Object.fromEntries(
    Object.entries(markupErrors(problems)).map(([path, message]) => [`content.${path}`, message]),
  );
  return new MarkupRefusedError(errors);
}

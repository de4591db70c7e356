/**
 * The newsletter pages a mail links to, below each language's newsletter folder:
 * confirming a subscription and unsubscribing (/newsletter/bestaetigen, /nieuwsbrief/afmelden).
 */
import type { Language } from "./locales";

/** The form action the newsletter's spam protection is asked for. */
export const NEWSLETTER_ACTION = "newsletterContainer";

export const NEWSLETTER_PAGES = ["confirm", "unsubscribe"] as const;
export type NewsletterPage = (typeof NEWSLETTER_PAGES)[number];

export const NEWSLETTER_PATHS: Readonly<
  Record<Language, { folder: string; pages: Readonly<Record<NewsletterPage, string>> }>
> = {
  de: { folder: "newsletter", pages: { confirm: "bestaetigen", unsubscribe: "abmelden" } },
  en: { folder: "newsletter", pages: { confirm: "confirm", unsubscribe: "unsubscribe" } },
  fr: {
    folder: "lettre-d-information",
    pages: { confirm: "confirmer", unsubscribe: "desinscription" },
  },
  it: { folder: "newsletter", pages: { confirm: "conferma", unsubscribe: "disiscrizione" } },
  es: { folder: "boletin", pages: { confirm: "confirmar", unsubscribe: "baja" } },
  nl: { folder: "nieuwsbrief", pages: { confirm: "bevestigen", unsubscribe: "afmelden" } },
};

/** The path of a newsletter page in a language, below any locale prefix. */
export function newsletterPath(language: Language, page: NewsletterPage): string {
  const { folder, pages } = NEWSLETTER_PATHS[language];
  return `/${folder}/${pages[page]}`;
}

/** The newsletter page a folder and word name, in any language, or null. */
export function newsletterPageFor(folder: string, word: string | undefined): NewsletterPage | null {
  for (const paths of Object.values(NEWSLETTER_PATHS)) {
    if (paths.folder !== folder) continue;
    const found = Object.entries(paths.pages).find(([, w]) => w === word);
    if (found) return found[0] as NewsletterPage;
  }
  return null;
}

/** The distinct newsletter folders (several languages share "newsletter"). */
export const NEWSLETTER_FOLDERS = [
  ...new Set(Object.values(NEWSLETTER_PATHS).map((p) => p.folder)),
];

/**
 * The account pages and their paths in each language: the account folder (one of the
 * app-route words for accounts) and a word per page, e.g. /konto/anmelden, /compte/connexion.
 */
import type { Language } from "./locales";

export const ACCOUNT_PAGES = ["overview", "sign-up", "log-in", "verify", "password"] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

export const ACCOUNT_PATHS: Readonly<
  Record<
    Language,
    { folder: string; pages: Readonly<Record<Exclude<AccountPage, "overview">, string>> }
  >
> = {
  de: {
    folder: "konto",
    pages: {
      "sign-up": "registrieren",
      "log-in": "anmelden",
      verify: "bestaetigen",
      password: "passwort",
    },
  },
  en: {
    folder: "account",
    pages: { "sign-up": "sign-up", "log-in": "log-in", verify: "verify", password: "password" },
  },
  fr: {
    folder: "compte",
    pages: {
      "sign-up": "inscription",
      "log-in": "connexion",
      verify: "confirmation",
      password: "mot-de-passe",
    },
  },
  it: {
    folder: "conto",
    pages: {
      "sign-up": "registrazione",
      "log-in": "accesso",
      verify: "conferma",
      password: "password",
    },
  },
  es: {
    folder: "cuenta",
    pages: {
      "sign-up": "registro",
      "log-in": "acceso",
      verify: "confirmacion",
      password: "contrasena",
    },
  },
  nl: {
    folder: "mijn-account",
    pages: {
      "sign-up": "registreren",
      "log-in": "inloggen",
      verify: "bevestigen",
      password: "wachtwoord",
    },
  },
};

/** The path of an account page in a language, below any locale prefix: "/konto/anmelden". */
export function accountPath(language: Language, page: AccountPage): string {
  const { folder, pages } = ACCOUNT_PATHS[language];
  return page === "overview" ? `/${folder}` : `/${folder}/${pages[page]}`;
}

/** The account page a folder and page word name ("konto", "anmelden" → log-in), or null. */
export function accountPageFor(folder: string, word: string | undefined): AccountPage | null {
  const entry = Object.values(ACCOUNT_PATHS).find((paths) => paths.folder === folder);
  if (!entry) return null;
  if (word === undefined || word === "") return "overview";
  const found = Object.entries(entry.pages).find(([, w]) => w === word);
  return found ? (found[0] as AccountPage) : null;
}

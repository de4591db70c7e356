/**
 * The account pages and their paths in each language: the account folder (one of the
 * app-route words for accounts) and a word per page, e.g. /konto/anmelden, /compte/connexion.
 * The overview leads to the pages a signed-in customer keeps their account with (personal
 * data, password change, newsletter, deletion).
 */
import type { Language } from "./locales";

export const ACCOUNT_PAGES = [
  "overview",
  "sign-up",
  "log-in",
  "verify",
  "password",
  "personal-data",
  "change-password",
  "newsletter",
  "delete-account",
  "orders",
] as const;
export type AccountPage = (typeof ACCOUNT_PAGES)[number];

/** The pages only a signed-in customer sees; anybody else is sent to the log-in page. */
export const SIGNED_IN_PAGES = [
  "overview",
  "personal-data",
  "change-password",
  "newsletter",
  "delete-account",
  "orders",
] as const satisfies readonly AccountPage[];
export type SignedInPage = (typeof SIGNED_IN_PAGES)[number];

export function isSignedInPage(page: AccountPage): page is SignedInPage {
  return (SIGNED_IN_PAGES as readonly AccountPage[]).includes(page);
}

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
      "personal-data": "persoenliche-daten",
      "change-password": "passwort-aendern",
      newsletter: "newsletter",
      "delete-account": "konto-loeschen",
      orders: "bestellungen",
    },
  },
  en: {
    folder: "account",
    pages: {
      "sign-up": "sign-up",
      "log-in": "log-in",
      verify: "verify",
      password: "password",
      "personal-data": "personal-data",
      "change-password": "change-password",
      newsletter: "newsletter",
      "delete-account": "delete-account",
      orders: "orders",
    },
  },
  fr: {
    folder: "compte",
    pages: {
      "sign-up": "inscription",
      "log-in": "connexion",
      verify: "confirmation",
      password: "mot-de-passe",
      "personal-data": "donnees-personnelles",
      "change-password": "changer-mot-de-passe",
      newsletter: "newsletter",
      "delete-account": "supprimer-compte",
      orders: "commandes",
    },
  },
  it: {
    folder: "conto",
    pages: {
      "sign-up": "registrazione",
      "log-in": "accesso",
      verify: "conferma",
      password: "password",
      "personal-data": "dati-personali",
      "change-password": "cambia-password",
      newsletter: "newsletter",
      "delete-account": "elimina-account",
      orders: "ordini",
    },
  },
  es: {
    folder: "cuenta",
    pages: {
      "sign-up": "registro",
      "log-in": "acceso",
      verify: "confirmacion",
      password: "contrasena",
      "personal-data": "datos-personales",
      "change-password": "cambiar-contrasena",
      newsletter: "boletin",
      "delete-account": "eliminar-cuenta",
      orders: "pedidos",
    },
  },
  nl: {
    folder: "mijn-account",
    pages: {
      "sign-up": "registreren",
      "log-in": "inloggen",
      verify: "bevestigen",
      password: "wachtwoord",
      "personal-data": "persoonlijke-gegevens",
      "change-password": "wachtwoord-wijzigen",
      newsletter: "nieuwsbrief",
      "delete-account": "account-verwijderen",
      orders: "bestellingen",
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

/**
 * The account e-mails in each language the shop writes: subject, greeting, the sentence
 * that says why the mail came, the button text, and what to do if it was not you.
 */
import type { Language } from "../../domain/locales";

export type AccountMail = "verify-email" | "already-registered" | "reset-password";

interface MailText {
  subject: string;
  lead: string;
  action: string;
  notYou: string;
}

type Texts = Record<AccountMail, MailText> & { hello: (name: string) => string; team: string };

export const MAIL_TEXTS: Record<Language, Texts> = {
  de: {
    hello: (name) => `Hallo ${name},`,
    team: "Ihr Team von",
    "verify-email": {
      subject: "Bitte bestätigen Sie Ihre E-Mail-Adresse",
      lead: "willkommen! Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Kundenkonto zu aktivieren. Der Link gilt 24 Stunden.",
      action: "E-Mail-Adresse bestätigen",
      notYou: "Sie haben sich nicht registriert? Dann ignorieren Sie diese E-Mail einfach.",
    },
    "already-registered": {
      subject: "Sie haben bereits ein Kundenkonto",
      lead: "jemand wollte sich mit dieser E-Mail-Adresse registrieren. Sie haben bereits ein Kundenkonto – melden Sie sich an oder setzen Sie Ihr Passwort zurück.",
      action: "Passwort zurücksetzen",
      notYou:
        "Das waren nicht Sie? Dann ignorieren Sie diese E-Mail; Ihr Konto bleibt unverändert.",
    },
    "reset-password": {
      subject: "Ihr neues Passwort",
      lead: "mit dem folgenden Link vergeben Sie ein neues Passwort. Er gilt eine Stunde und nur einmal.",
      action: "Neues Passwort vergeben",
      notYou:
        "Sie haben kein neues Passwort angefordert? Dann ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.",
    },
  },
  en: {
    hello: (name) => `Hello ${name},`,
    team: "Your team at",
    "verify-email": {
      subject: "Please confirm your e-mail address",
      lead: "welcome! Please confirm your e-mail address to activate your account. The link is valid for 24 hours.",
      action: "Confirm e-mail address",
      notYou: "You did not sign up? Then simply ignore this e-mail.",
    },
    "already-registered": {
      subject: "You already have an account",
      lead: "someone tried to sign up with this e-mail address. You already have an account – log in or reset your password.",
      action: "Reset password",
      notYou: "This was not you? Then ignore this e-mail; your account stays as it is.",
    },
    "reset-password": {
      subject: "Your new password",
      lead: "use the link below to choose a new password. It is valid for one hour and only once.",
      action: "Choose a new password",
      notYou:
        "You did not ask for a new password? Then ignore this e-mail; your password stays as it is.",
    },
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    team: "Votre équipe",
    "verify-email": {
      subject: "Veuillez confirmer votre adresse e-mail",
      lead: "bienvenue ! Veuillez confirmer votre adresse e-mail pour activer votre compte. Le lien est valable 24 heures.",
      action: "Confirmer l'adresse e-mail",
      notYou: "Vous ne vous êtes pas inscrit ? Ignorez simplement cet e-mail.",
    },
    "already-registered": {
      subject: "Vous avez déjà un compte",
      lead: "quelqu'un a voulu s'inscrire avec cette adresse e-mail. Vous avez déjà un compte : connectez-vous ou réinitialisez votre mot de passe.",
      action: "Réinitialiser le mot de passe",
      notYou: "Ce n'était pas vous ? Ignorez cet e-mail ; votre compte reste inchangé.",
    },
    "reset-password": {
      subject: "Votre nouveau mot de passe",
      lead: "choisissez un nouveau mot de passe avec le lien ci-dessous. Il est valable une heure et une seule fois.",
      action: "Choisir un nouveau mot de passe",
      notYou: "Vous n'avez rien demandé ? Ignorez cet e-mail ; votre mot de passe reste inchangé.",
    },
  },
  it: {
    hello: (name) => `Ciao ${name},`,
    team: "Il tuo team di",
    "verify-email": {
      subject: "Conferma il tuo indirizzo e-mail",
      lead: "benvenuto! Conferma il tuo indirizzo e-mail per attivare il tuo account. Il link è valido 24 ore.",
      action: "Conferma indirizzo e-mail",
      notYou: "Non ti sei registrato? Ignora semplicemente questa e-mail.",
    },
    "already-registered": {
      subject: "Hai già un account",
      lead: "qualcuno ha provato a registrarsi con questo indirizzo e-mail. Hai già un account: accedi o reimposta la password.",
      action: "Reimposta la password",
      notYou: "Non eri tu? Ignora questa e-mail; il tuo account resta invariato.",
    },
    "reset-password": {
      subject: "La tua nuova password",
      lead: "con il link qui sotto scegli una nuova password. È valido un'ora e una sola volta.",
      action: "Scegli una nuova password",
      notYou:
        "Non hai chiesto una nuova password? Ignora questa e-mail; la password resta invariata.",
    },
  },
  es: {
    hello: (name) => `Hola ${name}:`,
    team: "Tu equipo de",
    "verify-email": {
      subject: "Confirma tu dirección de correo electrónico",
      lead: "¡te damos la bienvenida! Confirma tu dirección de correo para activar tu cuenta. El enlace es válido 24 horas.",
      action: "Confirmar dirección de correo",
      notYou: "¿No te has registrado? Ignora este correo.",
    },
    "already-registered": {
      subject: "Ya tienes una cuenta",
      lead: "alguien ha intentado registrarse con esta dirección de correo. Ya tienes una cuenta: inicia sesión o restablece tu contraseña.",
      action: "Restablecer contraseña",
      notYou: "¿No has sido tú? Ignora este correo; tu cuenta no cambia.",
    },
    "reset-password": {
      subject: "Tu nueva contraseña",
      lead: "con el siguiente enlace eliges una nueva contraseña. Es válido una hora y una sola vez.",
      action: "Elegir una nueva contraseña",
      notYou: "¿No has pedido una nueva contraseña? Ignora este correo; tu contraseña no cambia.",
    },
  },
  nl: {
    hello: (name) => `Hallo ${name},`,
    team: "Je team van",
    "verify-email": {
      subject: "Bevestig je e-mailadres",
      lead: "welkom! Bevestig je e-mailadres om je account te activeren. De link is 24 uur geldig.",
      action: "E-mailadres bevestigen",
      notYou: "Heb je je niet geregistreerd? Negeer deze e-mail dan.",
    },
    "already-registered": {
      subject: "Je hebt al een account",
      lead: "iemand probeerde zich met dit e-mailadres te registreren. Je hebt al een account – log in of stel je wachtwoord opnieuw in.",
      action: "Wachtwoord opnieuw instellen",
      notYou: "Was jij dit niet? Negeer deze e-mail dan; je account blijft ongewijzigd.",
    },
    "reset-password": {
      subject: "Je nieuwe wachtwoord",
      lead: "met de link hieronder kies je een nieuw wachtwoord. Hij is een uur en maar één keer geldig.",
      action: "Nieuw wachtwoord kiezen",
      notYou:
        "Heb je geen nieuw wachtwoord aangevraagd? Negeer deze e-mail dan; je wachtwoord blijft ongewijzigd.",
    },
  },
};

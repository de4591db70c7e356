/** What the shop tells a customer when an account call does not succeed, per language. */
import { localeSettings, type Language, type Locale } from "../../domain/locales";

export type AccountProblem =
  | "invalid-credentials"
  | "unverified"
  | "throttled"
  | "too-short"
  | "too-long"
  | "too-weak"
  | "invalid-link"
  | "invalid"
  | "required"
  | "google-failed"
  | "google-unavailable";

const TEXTS: Record<Language, Record<AccountProblem, string>> = {
  de: {
    "invalid-credentials": "E-Mail-Adresse oder Passwort ist falsch.",
    unverified:
      "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Wir haben Ihnen einen neuen Link geschickt.",
    throttled:
      "Zu viele Versuche. Bitte warten Sie eine Stunde oder setzen Sie Ihr Passwort zurück.",
    "too-short": "Das Passwort braucht mindestens 10 Zeichen.",
    "too-long": "Das Passwort darf höchstens 128 Zeichen haben.",
    "too-weak": "Dieses Passwort ist zu leicht zu erraten. Nehmen Sie zum Beispiel mehrere Wörter.",
    "invalid-link":
      "Dieser Link ist abgelaufen oder wurde schon benutzt. Fordern Sie einen neuen an.",
    invalid: "Bitte prüfen Sie Ihre Eingabe.",
    required: "Bitte füllen Sie dieses Feld aus.",
    "google-failed":
      "Die Anmeldung mit Google hat nicht geklappt. Bitte versuchen Sie es noch einmal.",
    "google-unavailable":
      "Die Anmeldung mit Google ist gerade nicht möglich. Bitte versuchen Sie es später noch einmal.",
  },
  en: {
    "invalid-credentials": "The e-mail address or password is wrong.",
    unverified: "Please confirm your e-mail address first. We have sent you a new link.",
    throttled: "Too many attempts. Please wait an hour or reset your password.",
    "too-short": "The password needs at least 10 characters.",
    "too-long": "The password may have at most 128 characters.",
    "too-weak": "This password is too easy to guess. Try several words, for example.",
    "invalid-link": "This link has expired or was already used. Please ask for a new one.",
    invalid: "Please check what you entered.",
    required: "Please fill in this field.",
    "google-failed": "Signing in with Google did not work. Please try again.",
    "google-unavailable":
      "Signing in with Google is not possible right now. Please try again later.",
  },
  fr: {
    "invalid-credentials": "L'adresse e-mail ou le mot de passe est incorrect.",
    unverified:
      "Veuillez d'abord confirmer votre adresse e-mail. Nous vous avons envoyé un nouveau lien.",
    throttled:
      "Trop de tentatives. Veuillez patienter une heure ou réinitialiser votre mot de passe.",
    "too-short": "Le mot de passe doit comporter au moins 10 caractères.",
    "too-long": "Le mot de passe peut comporter au maximum 128 caractères.",
    "too-weak": "Ce mot de passe est trop facile à deviner. Utilisez par exemple plusieurs mots.",
    "invalid-link": "Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau.",
    invalid: "Veuillez vérifier votre saisie.",
    required: "Veuillez remplir ce champ.",
    "google-failed": "La connexion avec Google n'a pas abouti. Veuillez réessayer.",
    "google-unavailable":
      "La connexion avec Google est momentanément impossible. Veuillez réessayer plus tard.",
  },
  it: {
    "invalid-credentials": "L'indirizzo e-mail o la password non sono corretti.",
    unverified: "Conferma prima il tuo indirizzo e-mail. Ti abbiamo inviato un nuovo link.",
    throttled: "Troppi tentativi. Attendi un'ora o reimposta la password.",
    "too-short": "La password deve avere almeno 10 caratteri.",
    "too-long": "La password può avere al massimo 128 caratteri.",
    "too-weak": "Questa password è troppo facile da indovinare. Usa per esempio più parole.",
    "invalid-link": "Questo link è scaduto o è già stato usato. Richiedine uno nuovo.",
    invalid: "Controlla i dati inseriti.",
    required: "Compila questo campo.",
    "google-failed": "L'accesso con Google non è riuscito. Riprova.",
    "google-unavailable": "L'accesso con Google non è possibile al momento. Riprova più tardi.",
  },
  es: {
    "invalid-credentials": "La dirección de correo o la contraseña no son correctas.",
    unverified: "Confirma primero tu dirección de correo. Te hemos enviado un nuevo enlace.",
    throttled: "Demasiados intentos. Espera una hora o restablece tu contraseña.",
    "too-short": "La contraseña necesita al menos 10 caracteres.",
    "too-long": "La contraseña puede tener como máximo 128 caracteres.",
    "too-weak":
      "Esta contraseña es demasiado fácil de adivinar. Usa, por ejemplo, varias palabras.",
    "invalid-link": "Este enlace ha caducado o ya se ha usado. Pide uno nuevo.",
    invalid: "Revisa lo que has introducido.",
    required: "Rellena este campo.",
    "google-failed": "No se ha podido iniciar sesión con Google. Inténtalo de nuevo.",
    "google-unavailable":
      "Ahora mismo no es posible iniciar sesión con Google. Inténtalo más tarde.",
  },
  nl: {
    "invalid-credentials": "Het e-mailadres of wachtwoord klopt niet.",
    unverified: "Bevestig eerst je e-mailadres. We hebben je een nieuwe link gestuurd.",
    throttled: "Te veel pogingen. Wacht een uur of stel je wachtwoord opnieuw in.",
    "too-short": "Het wachtwoord moet minstens 10 tekens hebben.",
    "too-long": "Het wachtwoord mag hoogstens 128 tekens hebben.",
    "too-weak": "Dit wachtwoord is te makkelijk te raden. Gebruik bijvoorbeeld meerdere woorden.",
    "invalid-link": "Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.",
    invalid: "Controleer je invoer.",
    required: "Vul dit veld in.",
    "google-failed": "Inloggen met Google is niet gelukt. Probeer het opnieuw.",
    "google-unavailable":
      "Inloggen met Google is op dit moment niet mogelijk. Probeer het later opnieuw.",
  },
};

export function accountText(locale: Locale, problem: AccountProblem): string {
  return TEXTS[localeSettings(locale).language][problem];
}

/**
 * The contact form's e-mails in each language the shop writes: the message as customer
 * service receives it, and the copy the shopper gets. The brand's name goes in where a
 * text names the shop.
 */
import type { Language } from "../../domain/locales";

export interface ContactMailTexts {
  /** The subject of the mail to customer service, with the chosen topic. */
  serviceSubject: (topic: string) => string;
  /** The line that opens the mail to customer service. */
  serviceLead: (brand: string, site: string) => string;
  /** How customer service answers the shopper. */
  serviceReply: string;
  /** The subject of the shopper's copy. */
  copySubject: (brand: string) => string;
  /** The copy's thanks and what happens next. */
  copyLead: string;
  /** The copy's last line: what to do if the shopper did not write. */
  copyNotYou: string;
  labels: { name: string; email: string; topic: string; orderNumber: string; message: string };
}

export const CONTACT_MAIL_TEXTS: Record<Language, ContactMailTexts> = {
  de: {
    serviceSubject: (topic) => `Kontaktformular: ${topic}`,
    serviceLead: (brand, site) => `Neue Nachricht über das Kontaktformular von ${brand} (${site}).`,
    serviceReply:
      "Antworten Sie direkt auf diese E-Mail, um der Kundin oder dem Kunden zu schreiben.",
    copySubject: (brand) => `Ihre Nachricht an ${brand}`,
    copyLead:
      "vielen Dank für Ihre Nachricht. Wir melden uns so bald wie möglich, in der Regel innerhalb eines Werktags. Hier ist eine Kopie dessen, was Sie uns geschrieben haben:",
    copyNotYou: "Sie haben uns nicht geschrieben? Dann ignorieren Sie diese E-Mail einfach.",
    labels: {
      name: "Name",
      email: "E-Mail-Adresse",
      topic: "Thema",
      orderNumber: "Bestellnummer",
      message: "Nachricht",
    },
  },
  en: {
    serviceSubject: (topic) => `Contact form: ${topic}`,
    serviceLead: (brand, site) => `A new message through the ${brand} contact form (${site}).`,
    serviceReply: "Reply to this e-mail to write to the customer.",
    copySubject: (brand) => `Your message to ${brand}`,
    copyLead:
      "thank you for your message. We will get back to you as soon as we can, usually within one working day. Here is a copy of what you wrote to us:",
    copyNotYou: "You did not write to us? Then simply ignore this e-mail.",
    labels: {
      name: "Name",
      email: "E-mail address",
      topic: "Topic",
      orderNumber: "Order number",
      message: "Message",
    },
  },
  fr: {
    serviceSubject: (topic) => `Formulaire de contact : ${topic}`,
    serviceLead: (brand, site) =>
      `Nouveau message envoyé via le formulaire de contact de ${brand} (${site}).`,
    serviceReply: "Répondez directement à cet e-mail pour écrire au client ou à la cliente.",
    copySubject: (brand) => `Votre message à ${brand}`,
    copyLead:
      "merci pour votre message. Nous vous répondrons dès que possible, en général sous un jour ouvré. Voici une copie de ce que vous nous avez écrit :",
    copyNotYou: "Vous ne nous avez pas écrit ? Ignorez simplement cet e-mail.",
    labels: {
      name: "Nom",
      email: "Adresse e-mail",
      topic: "Sujet",
      orderNumber: "Numéro de commande",
      message: "Message",
    },
  },
  it: {
    serviceSubject: (topic) => `Modulo di contatto: ${topic}`,
    serviceLead: (brand, site) =>
      `Nuovo messaggio inviato tramite il modulo di contatto di ${brand} (${site}).`,
    serviceReply: "Rispondi direttamente a questa e-mail per scrivere al cliente.",
    copySubject: (brand) => `Il tuo messaggio a ${brand}`,
    copyLead:
      "grazie per il tuo messaggio. Ti risponderemo il prima possibile, di solito entro un giorno lavorativo. Ecco una copia di ciò che ci hai scritto:",
    copyNotYou: "Non ci hai scritto? Allora ignora semplicemente questa e-mail.",
    labels: {
      name: "Nome",
      email: "Indirizzo e-mail",
      topic: "Argomento",
      orderNumber: "Numero d'ordine",
      message: "Messaggio",
    },
  },
  es: {
    serviceSubject: (topic) => `Formulario de contacto: ${topic}`,
    serviceLead: (brand, site) =>
      `Nuevo mensaje a través del formulario de contacto de ${brand} (${site}).`,
    serviceReply: "Responde directamente a este correo para escribir al cliente.",
    copySubject: (brand) => `Tu mensaje a ${brand}`,
    copyLead:
      "gracias por tu mensaje. Te responderemos lo antes posible, normalmente en un día laborable. Esta es una copia de lo que nos has escrito:",
    copyNotYou: "¿No nos has escrito? Entonces ignora este correo.",
    labels: {
      name: "Nombre",
      email: "Correo electrónico",
      topic: "Asunto",
      orderNumber: "Número de pedido",
      message: "Mensaje",
    },
  },
  nl: {
    serviceSubject: (topic) => `Contactformulier: ${topic}`,
    serviceLead: (brand, site) => `Nieuw bericht via het contactformulier van ${brand} (${site}).`,
    serviceReply: "Beantwoord deze e-mail direct om de klant te schrijven.",
    copySubject: (brand) => `Je bericht aan ${brand}`,
    copyLead:
      "bedankt voor je bericht. We nemen zo snel mogelijk contact met je op, meestal binnen één werkdag. Hier is een kopie van wat je ons schreef:",
    copyNotYou: "Heb je ons niet geschreven? Negeer deze e-mail dan gewoon.",
    labels: {
      name: "Naam",
      email: "E-mailadres",
      topic: "Onderwerp",
      orderNumber: "Bestelnummer",
      message: "Bericht",
    },
  },
};

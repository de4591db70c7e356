/**
 * The contact form's e-mails in each language the shop writes: the message as customer
 * service receives it, and the short receipt the shopper gets. The brand's name goes in
 * where a text names the shop.
 */
import type { Language } from "../../domain/locales";

export interface ContactMailTexts {
  /** The subject of the mail to customer service, with the chosen topic. */
  serviceSubject: (topic: string) => string;
  /** The line that opens the mail to customer service. */
  serviceLead: (brand: string, site: string) => string;
  /** How customer service answers the shopper. */
  serviceReply: string;
  /** The subject of the shopper's receipt. */
  receiptSubject: (brand: string) => string;
  /** The receipt's greeting: no name, since nothing the form's sender typed goes into it. */
  receiptHello: string;
  /** The receipt's thanks and what happens next. */
  receiptLead: string;
  /** The receipt's last line: what to do if the shopper did not write. */
  receiptNotYou: string;
  labels: { name: string; email: string; topic: string; orderNumber: string; message: string };
}

export const CONTACT_MAIL_TEXTS: Record<Language, ContactMailTexts> = {
  de: {
    serviceSubject: (topic) => `Kontaktformular: ${topic}`,
    serviceLead: (brand, site) => `Neue Nachricht über das Kontaktformular von ${brand} (${site}).`,
    serviceReply:
      "Antworten Sie direkt auf diese E-Mail, um der Kundin oder dem Kunden zu schreiben.",
    receiptSubject: (brand) => `Ihre Nachricht an ${brand}`,
    receiptHello: "Guten Tag,",
    receiptLead:
      "vielen Dank für Ihre Nachricht über unser Kontaktformular. Wir melden uns so bald wie möglich, in der Regel innerhalb eines Werktags.",
    receiptNotYou: "Sie haben uns nicht geschrieben? Dann ignorieren Sie diese E-Mail einfach.",
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
    receiptSubject: (brand) => `Your message to ${brand}`,
    receiptHello: "Hello,",
    receiptLead:
      "thank you for your message through our contact form. We will get back to you as soon as we can, usually within one working day.",
    receiptNotYou: "You did not write to us? Then simply ignore this e-mail.",
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
    receiptSubject: (brand) => `Votre message à ${brand}`,
    receiptHello: "Bonjour,",
    receiptLead:
      "merci pour votre message envoyé via notre formulaire de contact. Nous vous répondrons dès que possible, en général sous un jour ouvré.",
    receiptNotYou: "Vous ne nous avez pas écrit ? Ignorez simplement cet e-mail.",
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
    receiptSubject: (brand) => `Il tuo messaggio a ${brand}`,
    receiptHello: "Ciao,",
    receiptLead:
      "grazie per il tuo messaggio tramite il nostro modulo di contatto. Ti risponderemo il prima possibile, di solito entro un giorno lavorativo.",
    receiptNotYou: "Non ci hai scritto? Allora ignora semplicemente questa e-mail.",
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
    receiptSubject: (brand) => `Tu mensaje a ${brand}`,
    receiptHello: "Hola:",
    receiptLead:
      "gracias por tu mensaje a través de nuestro formulario de contacto. Te responderemos lo antes posible, normalmente en un día laborable.",
    receiptNotYou: "¿No nos has escrito? Entonces ignora este correo.",
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
    receiptSubject: (brand) => `Je bericht aan ${brand}`,
    receiptHello: "Hallo,",
    receiptLead:
      "bedankt voor je bericht via ons contactformulier. We nemen zo snel mogelijk contact met je op, meestal binnen één werkdag.",
    receiptNotYou: "Heb je ons niet geschreven? Negeer deze e-mail dan gewoon.",
    labels: {
      name: "Naam",
      email: "E-mailadres",
      topic: "Onderwerp",
      orderNumber: "Bestelnummer",
      message: "Bericht",
    },
  },
};

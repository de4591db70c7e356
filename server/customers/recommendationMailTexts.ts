/**
 * The recommendation's e-mails in each language the shop writes: the friend's invitation
 * with their first-order voucher, and the sender's thanks with a voucher of their own once
 * the friend's first order is paid. The brand's name and the sender's go in where a text
 * names them.
 */
import type { Language } from "../../domain/locales";

export interface RecommendationMailTexts {
  friendSubject: (sender: string, brand: string) => string;
  friendHello: string;
  friendLead: (sender: string, brand: string) => string;
  /** Introduces the sender's own words, when they wrote some. */
  friendMessage: (sender: string) => string;
  friendVoucher: (percent: number, code: string, until: string) => string;
  friendShop: string;
  /** Why the friend gets this mail, and that nothing more follows. */
  friendWhy: (sender: string) => string;
  senderSubject: (brand: string) => string;
  senderHello: (name: string) => string;
  senderLead: string;
  senderVoucher: (percent: number, code: string, until: string) => string;
  senderShop: string;
}

export const RECOMMENDATION_MAIL_TEXTS: Record<Language, RecommendationMailTexts> = {
  de: {
    friendSubject: (sender, brand) => `${sender} empfiehlt Ihnen ${brand}`,
    friendHello: "Guten Tag,",
    friendLead: (sender, brand) =>
      `${sender} kauft gern bei ${brand} ein und möchte Ihnen den Shop empfehlen.`,
    friendMessage: (sender) => `${sender} schreibt dazu:`,
    friendVoucher: (percent, code, until) =>
      `Zum Kennenlernen erhalten Sie ${percent} % Rabatt auf Ihre erste Bestellung: Geben Sie im Warenkorb den Gutscheincode ${code} ein (einmal einlösbar, gültig bis ${until}).`,
    friendShop: "Zum Shop",
    friendWhy: (sender) =>
      `Sie erhalten diese E-Mail einmalig, weil ${sender} Ihre Adresse in unser Empfehlungsformular eingegeben hat. Wir speichern Ihre Adresse nicht und schreiben Ihnen nicht noch einmal.`,
    senderSubject: (brand) => `Danke für Ihre Empfehlung von ${brand}`,
    senderHello: (name) => `Guten Tag ${name},`,
    senderLead:
      "die Person, der Sie uns empfohlen haben, hat ihre erste Bestellung bei uns aufgegeben. Vielen Dank dafür!",
    senderVoucher: (percent, code, until) =>
      `Als Dankeschön erhalten Sie ${percent} % Rabatt auf Ihre nächste Bestellung: Gutscheincode ${code} (einmal einlösbar, gültig bis ${until}).`,
    senderShop: "Zum Shop",
  },
  en: {
    friendSubject: (sender, brand) => `${sender} recommends ${brand} to you`,
    friendHello: "Hello,",
    friendLead: (sender, brand) =>
      `${sender} likes shopping at ${brand} and would like to recommend the shop to you.`,
    friendMessage: (sender) => `${sender} writes:`,
    friendVoucher: (percent, code, until) =>
      `As a welcome you get ${percent}% off your first order: enter the voucher code ${code} in your basket (valid once, until ${until}).`,
    friendShop: "Visit the shop",
    friendWhy: (sender) =>
      `You receive this e-mail once because ${sender} entered your address in our recommendation form. We do not keep your address and will not write to you again.`,
    senderSubject: (brand) => `Thank you for recommending ${brand}`,
    senderHello: (name) => `Hello ${name},`,
    senderLead:
      "the friend you recommended us to has placed their first order with us. Thank you very much!",
    senderVoucher: (percent, code, until) =>
      `As a thank-you you get ${percent}% off your next order: voucher code ${code} (valid once, until ${until}).`,
    senderShop: "Visit the shop",
  },
  fr: {
    friendSubject: (sender, brand) => `${sender} vous recommande ${brand}`,
    friendHello: "Bonjour,",
    friendLead: (sender, brand) =>
      `${sender} aime commander chez ${brand} et souhaite vous recommander la boutique.`,
    friendMessage: (sender) => `${sender} vous écrit :`,
    friendVoucher: (percent, code, until) =>
      `Pour faire connaissance, vous bénéficiez de ${percent} % de réduction sur votre première commande : saisissez le code ${code} dans votre panier (utilisable une fois, valable jusqu’au ${until}).`,
    friendShop: "Découvrir la boutique",
    friendWhy: (sender) =>
      `Vous recevez cet e-mail une seule fois, car ${sender} a saisi votre adresse dans notre formulaire de recommandation. Nous ne conservons pas votre adresse et ne vous écrirons plus.`,
    senderSubject: (brand) => `Merci d’avoir recommandé ${brand}`,
    senderHello: (name) => `Bonjour ${name},`,
    senderLead:
      "la personne à qui vous nous avez recommandés vient de passer sa première commande. Merci beaucoup !",
    senderVoucher: (percent, code, until) =>
      `Pour vous remercier, vous bénéficiez de ${percent} % de réduction sur votre prochaine commande : code ${code} (utilisable une fois, valable jusqu’au ${until}).`,
    senderShop: "Découvrir la boutique",
  },
  it: {
    friendSubject: (sender, brand) => `${sender} ti consiglia ${brand}`,
    friendHello: "Ciao,",
    friendLead: (sender, brand) =>
      `${sender} acquista volentieri da ${brand} e vuole consigliarti il negozio.`,
    friendMessage: (sender) => `${sender} ti scrive:`,
    friendVoucher: (percent, code, until) =>
      `Per conoscerci hai il ${percent}% di sconto sul tuo primo ordine: inserisci il codice ${code} nel carrello (valido una volta, fino al ${until}).`,
    friendShop: "Vai al negozio",
    friendWhy: (sender) =>
      `Ricevi questa e-mail una sola volta perché ${sender} ha inserito il tuo indirizzo nel nostro modulo di raccomandazione. Non conserviamo il tuo indirizzo e non ti scriveremo più.`,
    senderSubject: (brand) => `Grazie per aver consigliato ${brand}`,
    senderHello: (name) => `Ciao ${name},`,
    senderLead:
      "la persona a cui ci hai consigliato ha effettuato il suo primo ordine. Grazie mille!",
    senderVoucher: (percent, code, until) =>
      `Per ringraziarti hai il ${percent}% di sconto sul tuo prossimo ordine: codice ${code} (valido una volta, fino al ${until}).`,
    senderShop: "Vai al negozio",
  },
  es: {
    friendSubject: (sender, brand) => `${sender} te recomienda ${brand}`,
    friendHello: "Hola:",
    friendLead: (sender, brand) =>
      `A ${sender} le gusta comprar en ${brand} y quiere recomendarte la tienda.`,
    friendMessage: (sender) => `${sender} te escribe:`,
    friendVoucher: (percent, code, until) =>
      `Para empezar, tienes un ${percent} % de descuento en tu primer pedido: introduce el código ${code} en la cesta (válido una vez, hasta el ${until}).`,
    friendShop: "Ir a la tienda",
    friendWhy: (sender) =>
      `Recibes este correo una sola vez porque ${sender} introdujo tu dirección en nuestro formulario de recomendación. No guardamos tu dirección y no volveremos a escribirte.`,
    senderSubject: (brand) => `Gracias por recomendar ${brand}`,
    senderHello: (name) => `Hola, ${name}:`,
    senderLead: "la persona a la que nos recomendaste ha hecho su primer pedido. ¡Muchas gracias!",
    senderVoucher: (percent, code, until) =>
      `Como agradecimiento tienes un ${percent} % de descuento en tu próximo pedido: código ${code} (válido una vez, hasta el ${until}).`,
    senderShop: "Ir a la tienda",
  },
  nl: {
    friendSubject: (sender, brand) => `${sender} raadt je ${brand} aan`,
    friendHello: "Hallo,",
    friendLead: (sender, brand) =>
      `${sender} bestelt graag bij ${brand} en wil je de winkel aanraden.`,
    friendMessage: (sender) => `${sender} schrijft erbij:`,
    friendVoucher: (percent, code, until) =>
      `Om kennis te maken krijg je ${percent}% korting op je eerste bestelling: vul de code ${code} in je winkelmandje in (één keer te gebruiken, geldig tot ${until}).`,
    friendShop: "Naar de winkel",
    friendWhy: (sender) =>
      `Je ontvangt deze e-mail één keer, omdat ${sender} je adres in ons aanbevelingsformulier heeft ingevuld. We bewaren je adres niet en schrijven je niet nog eens.`,
    senderSubject: (brand) => `Bedankt voor je aanbeveling van ${brand}`,
    senderHello: (name) => `Hallo ${name},`,
    senderLead:
      "degene aan wie je ons hebt aangeraden, heeft zijn of haar eerste bestelling geplaatst. Hartelijk dank!",
    senderVoucher: (percent, code, until) =>
      `Als dank krijg je ${percent}% korting op je volgende bestelling: code ${code} (één keer te gebruiken, geldig tot ${until}).`,
    senderShop: "Naar de winkel",
  },
};

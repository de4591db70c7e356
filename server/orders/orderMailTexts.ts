/**
 * The order e-mails in each language the shop writes: a subject and an opening sentence per
 * mail, the labels of the order's summary, and the legal texts the confirmation carries (the
 * terms are linked; the withdrawal notice is written out, with the exclusion of goods made to
 * the customer's specification, which the summary marks per line).
 */
import type { Language } from "../../domain/locales";

export type OrderMailKind =
  | "order-confirmation"
  | "payment-received"
  | "invoice"
  | "shipped"
  | "cancelled"
  | "refunded"
  | "gift-vouchers";

interface Texts {
  hello: (name: string) => string;
  team: string;
  subjects: Record<OrderMailKind, (number: string) => string>;
  leads: Record<OrderMailKind, string>;
  order: string;
  quantity: string;
  subtotal: string;
  shipping: string;
  discount: string;
  total: string;
  vatContained: (rate: string) => string;
  shipTo: string;
  billTo: string;
  sameAddress: string;
  payment: string;
  personalised: string;
  viewOrder: string;
  downloadInvoice: string;
  tracking: (carrier?: string, number?: string) => string;
  refundedAmount: string;
  /** A bought gift voucher's line: its value, its code and until when it is valid. */
  giftVoucher: (amount: string, code: string, validUntil: string) => string;
  /** How a gift voucher's code is redeemed. */
  giftVoucherUse: string;
  terms: string;
  withdrawalTitle: string;
  withdrawal: string;
  withdrawalExclusion: string;
}

export const ORDER_MAIL_TEXTS: Readonly<Record<Language, Texts>> = {
  de: {
    hello: (name) => `Hallo ${name},`,
    team: "Ihr Team von",
    subjects: {
      "order-confirmation": (n) => `Ihre Bestellung ${n}`,
      "payment-received": (n) => `Zahlung erhalten für Bestellung ${n}`,
      invoice: (n) => `Ihre Rechnung zur Bestellung ${n}`,
      shipped: (n) => `Ihre Bestellung ${n} ist unterwegs`,
      cancelled: (n) => `Ihre Bestellung ${n} wurde storniert`,
      refunded: (n) => `Erstattung zu Ihrer Bestellung ${n}`,
      "gift-vouchers": (n) => `Ihre Geschenkgutscheine zur Bestellung ${n}`,
    },
    leads: {
      "order-confirmation":
        "vielen Dank für Ihre Bestellung! Hier ist die Übersicht; wir melden uns, sobald Ihre Zahlung eingegangen ist.",
      "payment-received":
        "Ihre Zahlung ist eingegangen. Wir beginnen jetzt mit der Herstellung Ihrer Bestellung.",
      invoice: "anbei der Link zu Ihrer Rechnung.",
      shipped: "Ihre Bestellung hat unser Haus verlassen.",
      cancelled: "Ihre Bestellung wurde storniert. Bereits gezahlte Beträge erstatten wir Ihnen.",
      refunded: "wir haben Ihnen einen Betrag erstattet.",
      "gift-vouchers": "hier sind die Codes der Geschenkgutscheine, die Sie gekauft haben.",
    },
    order: "Bestellnummer",
    quantity: "Menge",
    subtotal: "Zwischensumme",
    shipping: "Versand",
    discount: "Rabatt",
    total: "Gesamtbetrag",
    vatContained: (rate) => `enthaltene MwSt. ${rate}`,
    shipTo: "Lieferadresse",
    billTo: "Rechnungsadresse",
    sameAddress: "wie Lieferadresse",
    payment: "Zahlungsart",
    personalised: "personalisiert – vom Widerruf ausgeschlossen",
    viewOrder: "Bestellung ansehen",
    downloadInvoice: "Rechnung herunterladen",
    tracking: (carrier, number) =>
      carrier && number ? `Sendungsverfolgung (${carrier}, ${number})` : "Sendungsverfolgung",
    refundedAmount: "Erstatteter Betrag",
    giftVoucher: (amount, code, until) => `Gutschein über ${amount}: ${code} (gültig bis ${until})`,
    giftVoucherUse: "Der Code wird im Warenkorb eingelöst, einmal und bis zu seinem Wert.",
    terms: "Es gelten unsere AGB",
    withdrawalTitle: "Widerrufsbelehrung",
    withdrawal:
      "Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Frist beginnt mit dem Tag, an dem Sie die Waren erhalten haben. Ein formloser Hinweis an unseren Kundenservice genügt; wir erstatten alle Zahlungen einschließlich der Standard-Versandkosten binnen vierzehn Tagen.",
    withdrawalExclusion:
      "Das Widerrufsrecht besteht nicht bei Waren, die nach Ihren Vorgaben angefertigt werden (als „personalisiert“ gekennzeichnet).",
  },
  en: {
    hello: (name) => `Hello ${name},`,
    team: "Your team at",
    subjects: {
      "order-confirmation": (n) => `Your order ${n}`,
      "payment-received": (n) => `Payment received for order ${n}`,
      invoice: (n) => `Your invoice for order ${n}`,
      shipped: (n) => `Your order ${n} is on its way`,
      cancelled: (n) => `Your order ${n} has been cancelled`,
      refunded: (n) => `Refund for your order ${n}`,
      "gift-vouchers": (n) => `Your gift vouchers from order ${n}`,
    },
    leads: {
      "order-confirmation":
        "thank you for your order! Here is the summary; we will write again once your payment has arrived.",
      "payment-received": "your payment has arrived. We are now making your order.",
      invoice: "here is the link to your invoice.",
      shipped: "your order has left our workshop.",
      cancelled: "your order has been cancelled. Any amount already paid will be refunded.",
      refunded: "we have refunded an amount to you.",
      "gift-vouchers": "here are the codes of the gift vouchers you bought.",
    },
    order: "Order number",
    quantity: "Qty",
    subtotal: "Subtotal",
    shipping: "Shipping",
    discount: "Discount",
    total: "Total",
    vatContained: (rate) => `incl. VAT ${rate}`,
    shipTo: "Delivery address",
    billTo: "Billing address",
    sameAddress: "same as delivery address",
    payment: "Payment method",
    personalised: "personalised – no right of withdrawal",
    viewOrder: "View your order",
    downloadInvoice: "Download invoice",
    tracking: (carrier, number) =>
      carrier && number ? `Track your parcel (${carrier}, ${number})` : "Track your parcel",
    refundedAmount: "Amount refunded",
    giftVoucher: (amount, code, until) =>
      `Gift voucher worth ${amount}: ${code} (valid until ${until})`,
    giftVoucherUse: "Enter the code with your next order; it can be used once, up to its value.",
    terms: "Our terms and conditions apply",
    withdrawalTitle: "Right of withdrawal",
    withdrawal:
      "You have the right to withdraw from this contract within fourteen days without giving any reason. The period starts on the day you receive the goods. A simple message to our customer service is enough; we refund all payments including standard delivery costs within fourteen days.",
    withdrawalExclusion:
      "The right of withdrawal does not apply to goods made to your specifications (marked as personalised).",
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    team: "Votre équipe",
    subjects: {
      "order-confirmation": (n) => `Votre commande ${n}`,
      "payment-received": (n) => `Paiement reçu pour la commande ${n}`,
      invoice: (n) => `Votre facture pour la commande ${n}`,
      shipped: (n) => `Votre commande ${n} est en route`,
      cancelled: (n) => `Votre commande ${n} a été annulée`,
      refunded: (n) => `Remboursement de votre commande ${n}`,
      "gift-vouchers": (n) => `Vos bons cadeaux de la commande ${n}`,
    },
    leads: {
      "order-confirmation":
        "merci pour votre commande ! Voici le récapitulatif ; nous vous écrirons dès réception de votre paiement.",
      "payment-received":
        "votre paiement nous est parvenu. Nous commençons la fabrication de votre commande.",
      invoice: "voici le lien vers votre facture.",
      shipped: "votre commande a quitté notre atelier.",
      cancelled: "votre commande a été annulée. Tout montant déjà payé vous sera remboursé.",
      refunded: "nous vous avons remboursé un montant.",
      "gift-vouchers": "voici les codes des bons cadeaux que vous avez achetés.",
    },
    order: "Numéro de commande",
    quantity: "Qté",
    subtotal: "Sous-total",
    shipping: "Livraison",
    discount: "Remise",
    total: "Total",
    vatContained: (rate) => `dont TVA ${rate}`,
    shipTo: "Adresse de livraison",
    billTo: "Adresse de facturation",
    sameAddress: "identique à l'adresse de livraison",
    payment: "Mode de paiement",
    personalised: "personnalisé – sans droit de rétractation",
    viewOrder: "Voir la commande",
    downloadInvoice: "Télécharger la facture",
    tracking: (carrier, number) =>
      carrier && number ? `Suivre le colis (${carrier}, ${number})` : "Suivre le colis",
    refundedAmount: "Montant remboursé",
    giftVoucher: (amount, code, until) =>
      `Bon cadeau de ${amount} : ${code} (valable jusqu’au ${until})`,
    giftVoucherUse: "Saisissez le code dans le panier ; il s’utilise une fois, jusqu’à sa valeur.",
    terms: "Nos conditions générales de vente s'appliquent",
    withdrawalTitle: "Droit de rétractation",
    withdrawal:
      "Vous disposez d'un délai de quatorze jours pour vous rétracter du présent contrat sans donner de motif. Le délai court à compter du jour où vous recevez les marchandises. Un simple message à notre service client suffit ; nous remboursons tous les paiements, frais de livraison standard compris, sous quatorze jours.",
    withdrawalExclusion:
      "Le droit de rétractation ne s'applique pas aux biens confectionnés selon vos spécifications (marqués « personnalisé »).",
  },
  it: {
    hello: (name) => `Ciao ${name},`,
    team: "Il team di",
    subjects: {
      "order-confirmation": (n) => `Il tuo ordine ${n}`,
      "payment-received": (n) => `Pagamento ricevuto per l'ordine ${n}`,
      invoice: (n) => `La tua fattura per l'ordine ${n}`,
      shipped: (n) => `Il tuo ordine ${n} è in viaggio`,
      cancelled: (n) => `Il tuo ordine ${n} è stato annullato`,
      refunded: (n) => `Rimborso per il tuo ordine ${n}`,
      "gift-vouchers": (n) => `I tuoi buoni regalo dell’ordine ${n}`,
    },
    leads: {
      "order-confirmation":
        "grazie per il tuo ordine! Ecco il riepilogo; ti scriveremo appena riceviamo il pagamento.",
      "payment-received":
        "abbiamo ricevuto il tuo pagamento. Iniziamo ora a produrre il tuo ordine.",
      invoice: "ecco il link alla tua fattura.",
      shipped: "il tuo ordine ha lasciato il nostro laboratorio.",
      cancelled: "il tuo ordine è stato annullato. Gli importi già pagati ti saranno rimborsati.",
      refunded: "ti abbiamo rimborsato un importo.",
      "gift-vouchers": "ecco i codici dei buoni regalo che hai acquistato.",
    },
    order: "Numero d'ordine",
    quantity: "Qtà",
    subtotal: "Subtotale",
    shipping: "Spedizione",
    discount: "Sconto",
    total: "Totale",
    vatContained: (rate) => `IVA inclusa ${rate}`,
    shipTo: "Indirizzo di consegna",
    billTo: "Indirizzo di fatturazione",
    sameAddress: "uguale all'indirizzo di consegna",
    payment: "Metodo di pagamento",
    personalised: "personalizzato – senza diritto di recesso",
    viewOrder: "Vedi l'ordine",
    downloadInvoice: "Scarica la fattura",
    tracking: (carrier, number) =>
      carrier && number ? `Traccia la spedizione (${carrier}, ${number})` : "Traccia la spedizione",
    refundedAmount: "Importo rimborsato",
    giftVoucher: (amount, code, until) =>
      `Buono regalo da ${amount}: ${code} (valido fino al ${until})`,
    giftVoucherUse: "Inserisci il codice nel carrello; si usa una volta, fino al suo valore.",
    terms: "Si applicano le nostre condizioni generali",
    withdrawalTitle: "Diritto di recesso",
    withdrawal:
      "Hai il diritto di recedere dal contratto entro quattordici giorni senza indicarne le ragioni. Il periodo decorre dal giorno in cui ricevi i beni. Basta un messaggio al nostro servizio clienti; rimborsiamo tutti i pagamenti, comprese le spese di consegna standard, entro quattordici giorni.",
    withdrawalExclusion:
      "Il diritto di recesso non si applica ai beni confezionati su misura secondo le tue indicazioni (contrassegnati come personalizzati).",
  },
  es: {
    hello: (name) => `Hola ${name}:`,
    team: "Tu equipo de",
    subjects: {
      "order-confirmation": (n) => `Tu pedido ${n}`,
      "payment-received": (n) => `Pago recibido del pedido ${n}`,
      invoice: (n) => `Tu factura del pedido ${n}`,
      shipped: (n) => `Tu pedido ${n} está en camino`,
      cancelled: (n) => `Tu pedido ${n} ha sido cancelado`,
      refunded: (n) => `Reembolso de tu pedido ${n}`,
      "gift-vouchers": (n) => `Tus tarjetas regalo del pedido ${n}`,
    },
    leads: {
      "order-confirmation":
        "¡gracias por tu pedido! Aquí tienes el resumen; te escribiremos en cuanto recibamos el pago.",
      "payment-received": "hemos recibido tu pago. Empezamos ahora a fabricar tu pedido.",
      invoice: "aquí tienes el enlace a tu factura.",
      shipped: "tu pedido ha salido de nuestro taller.",
      cancelled: "tu pedido ha sido cancelado. Te reembolsaremos lo que ya hayas pagado.",
      refunded: "te hemos reembolsado un importe.",
      "gift-vouchers": "aquí tienes los códigos de las tarjetas regalo que has comprado.",
    },
    order: "Número de pedido",
    quantity: "Cant.",
    subtotal: "Subtotal",
    shipping: "Envío",
    discount: "Descuento",
    total: "Total",
    vatContained: (rate) => `IVA incluido ${rate}`,
    shipTo: "Dirección de entrega",
    billTo: "Dirección de facturación",
    sameAddress: "igual que la dirección de entrega",
    payment: "Forma de pago",
    personalised: "personalizado – sin derecho de desistimiento",
    viewOrder: "Ver el pedido",
    downloadInvoice: "Descargar la factura",
    tracking: (carrier, number) =>
      carrier && number ? `Seguir el envío (${carrier}, ${number})` : "Seguir el envío",
    refundedAmount: "Importe reembolsado",
    giftVoucher: (amount, code, until) =>
      `Tarjeta regalo de ${amount}: ${code} (válida hasta el ${until})`,
    giftVoucherUse: "Introduce el código en la cesta; se usa una vez, hasta su valor.",
    terms: "Se aplican nuestras condiciones generales",
    withdrawalTitle: "Derecho de desistimiento",
    withdrawal:
      "Tienes derecho a desistir del contrato en un plazo de catorce días sin indicar el motivo. El plazo empieza el día en que recibes los bienes. Basta con un mensaje a nuestro servicio de atención al cliente; reembolsamos todos los pagos, incluidos los gastos de envío estándar, en catorce días.",
    withdrawalExclusion:
      "El derecho de desistimiento no se aplica a los bienes confeccionados conforme a tus especificaciones (marcados como personalizados).",
  },
  nl: {
    hello: (name) => `Hallo ${name},`,
    team: "Je team van",
    subjects: {
      "order-confirmation": (n) => `Je bestelling ${n}`,
      "payment-received": (n) => `Betaling ontvangen voor bestelling ${n}`,
      invoice: (n) => `Je factuur voor bestelling ${n}`,
      shipped: (n) => `Je bestelling ${n} is onderweg`,
      cancelled: (n) => `Je bestelling ${n} is geannuleerd`,
      refunded: (n) => `Terugbetaling voor je bestelling ${n}`,
      "gift-vouchers": (n) => `Uw cadeaubonnen van bestelling ${n}`,
    },
    leads: {
      "order-confirmation":
        "bedankt voor je bestelling! Hier is het overzicht; we laten het je weten zodra je betaling binnen is.",
      "payment-received": "je betaling is binnen. We gaan nu je bestelling maken.",
      invoice: "hier is de link naar je factuur.",
      shipped: "je bestelling heeft ons atelier verlaten.",
      cancelled: "je bestelling is geannuleerd. Wat je al betaald hebt, storten we terug.",
      refunded: "we hebben je een bedrag terugbetaald.",
      "gift-vouchers": "hier zijn de codes van de cadeaubonnen die u hebt gekocht.",
    },
    order: "Bestelnummer",
    quantity: "Aantal",
    subtotal: "Subtotaal",
    shipping: "Verzending",
    discount: "Korting",
    total: "Totaal",
    vatContained: (rate) => `incl. btw ${rate}`,
    shipTo: "Bezorgadres",
    billTo: "Factuuradres",
    sameAddress: "zelfde als bezorgadres",
    payment: "Betaalwijze",
    personalised: "gepersonaliseerd – geen herroepingsrecht",
    viewOrder: "Bestelling bekijken",
    downloadInvoice: "Factuur downloaden",
    tracking: (carrier, number) =>
      carrier && number ? `Volg je pakket (${carrier}, ${number})` : "Volg je pakket",
    refundedAmount: "Terugbetaald bedrag",
    giftVoucher: (amount, code, until) => `Cadeaubon van ${amount}: ${code} (geldig tot ${until})`,
    giftVoucherUse:
      "Voer de code in het winkelmandje in; hij is één keer te gebruiken, tot zijn waarde.",
    terms: "Onze algemene voorwaarden zijn van toepassing",
    withdrawalTitle: "Herroepingsrecht",
    withdrawal:
      "Je hebt het recht de overeenkomst binnen veertien dagen zonder opgave van redenen te herroepen. De termijn begint op de dag waarop je de goederen ontvangt. Een bericht aan onze klantenservice volstaat; we betalen alle betalingen inclusief standaard verzendkosten binnen veertien dagen terug.",
    withdrawalExclusion:
      "Het herroepingsrecht geldt niet voor goederen die volgens jouw specificaties zijn gemaakt (gemarkeerd als gepersonaliseerd).",
  },
};

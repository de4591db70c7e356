/**
 * What an invoice and a credit note say, in each language the shop writes, and who issues
 * them. Each brand has one legal entity (its imprint names it: Cardelia GmbH in Berlin,
 * Wallora GmbH in Hamburg) which sells to every country, so every country's documents carry
 * the same seller details.
 */
import type { ChannelId } from "../../config/channels";
import type { Language } from "../../domain/locales";

export interface Seller {
  name: string;
  street: string;
  city: string;
  country: string;
  register: string;
  vatId: string;
  email: string;
}

export const SELLERS: Readonly<Record<ChannelId, Seller>> = {
  cards: {
    name: "Cardelia GmbH",
    street: "Kastanienallee 12",
    city: "10435 Berlin",
    country: "Deutschland / Germany",
    register: "Amtsgericht Charlottenburg, HRB 218734 B",
    vatId: "DE 329 118 574",
    email: "service@cardelia.example",
  },
  wallart: {
    name: "Wallora GmbH",
    street: "Speicherstraße 8",
    city: "20457 Hamburg",
    country: "Deutschland / Germany",
    register: "Amtsgericht Hamburg, HRB 171204",
    vatId: "DE 331 904 226",
    email: "service@wallora.example",
  },
};

export interface InvoiceTexts {
  invoice: string;
  creditNote: string;
  number: string;
  date: string;
  order: string;
  /** For a credit note: the invoice it corrects. */
  correcting: string;
  billTo: string;
  shipTo: string;
  quantity: string;
  description: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  shipping: string;
  discount: string;
  total: string;
  /** "incl. 19 % VAT" heading of the breakdown. */
  vatContained: (rate: string) => string;
  net: string;
  vatId: string;
  register: string;
  payment: string;
  paid: string;
  refunded: string;
  /** The line a credit note shows for the amount refunded. */
  refundLine: string;
  personalised: string;
}

export const INVOICE_TEXTS: Readonly<Record<Language, InvoiceTexts>> = {
  de: {
    invoice: "Rechnung",
    creditNote: "Gutschrift",
    number: "Nummer",
    date: "Datum",
    order: "Bestellung",
    correcting: "zur Rechnung",
    billTo: "Rechnungsadresse",
    shipTo: "Lieferadresse",
    quantity: "Menge",
    description: "Artikel",
    unitPrice: "Einzelpreis",
    amount: "Betrag",
    subtotal: "Zwischensumme",
    shipping: "Versand",
    discount: "Rabatt",
    total: "Gesamtbetrag",
    vatContained: (rate) => `enthaltene MwSt. ${rate}`,
    net: "netto",
    vatId: "USt-IdNr.",
    register: "Registergericht",
    payment: "Zahlungsart",
    paid: "Der Betrag ist bezahlt.",
    refunded: "Der Betrag wird auf Ihr Zahlungsmittel erstattet.",
    refundLine: "Erstattung",
    personalised: "personalisiert",
  },
  en: {
    invoice: "Invoice",
    creditNote: "Credit note",
    number: "Number",
    date: "Date",
    order: "Order",
    correcting: "for invoice",
    billTo: "Billing address",
    shipTo: "Delivery address",
    quantity: "Qty",
    description: "Item",
    unitPrice: "Unit price",
    amount: "Amount",
    subtotal: "Subtotal",
    shipping: "Shipping",
    discount: "Discount",
    total: "Total",
    vatContained: (rate) => `incl. VAT ${rate}`,
    net: "net",
    vatId: "VAT ID",
    register: "Commercial register",
    payment: "Payment method",
    paid: "This amount has been paid.",
    refunded: "The amount is refunded to your means of payment.",
    refundLine: "Refund",
    personalised: "personalised",
  },
  fr: {
    invoice: "Facture",
    creditNote: "Avoir",
    number: "Numéro",
    date: "Date",
    order: "Commande",
    correcting: "sur la facture",
    billTo: "Adresse de facturation",
    shipTo: "Adresse de livraison",
    quantity: "Qté",
    description: "Article",
    unitPrice: "Prix unitaire",
    amount: "Montant",
    subtotal: "Sous-total",
    shipping: "Livraison",
    discount: "Remise",
    total: "Total",
    vatContained: (rate) => `dont TVA ${rate}`,
    net: "HT",
    vatId: "N° TVA",
    register: "Registre du commerce",
    payment: "Mode de paiement",
    paid: "Ce montant a été payé.",
    refunded: "Le montant est remboursé sur votre moyen de paiement.",
    refundLine: "Remboursement",
    personalised: "personnalisé",
  },
  it: {
    invoice: "Fattura",
    creditNote: "Nota di credito",
    number: "Numero",
    date: "Data",
    order: "Ordine",
    correcting: "relativa alla fattura",
    billTo: "Indirizzo di fatturazione",
    shipTo: "Indirizzo di consegna",
    quantity: "Qtà",
    description: "Articolo",
    unitPrice: "Prezzo unitario",
    amount: "Importo",
    subtotal: "Subtotale",
    shipping: "Spedizione",
    discount: "Sconto",
    total: "Totale",
    vatContained: (rate) => `IVA inclusa ${rate}`,
    net: "netto",
    vatId: "Partita IVA",
    register: "Registro delle imprese",
    payment: "Metodo di pagamento",
    paid: "L'importo è stato pagato.",
    refunded: "L'importo viene rimborsato sul tuo metodo di pagamento.",
    refundLine: "Rimborso",
    personalised: "personalizzato",
  },
  es: {
    invoice: "Factura",
    creditNote: "Factura rectificativa",
    number: "Número",
    date: "Fecha",
    order: "Pedido",
    correcting: "de la factura",
    billTo: "Dirección de facturación",
    shipTo: "Dirección de entrega",
    quantity: "Cant.",
    description: "Artículo",
    unitPrice: "Precio unitario",
    amount: "Importe",
    subtotal: "Subtotal",
    shipping: "Envío",
    discount: "Descuento",
    total: "Total",
    vatContained: (rate) => `IVA incluido ${rate}`,
    net: "neto",
    vatId: "NIF-IVA",
    register: "Registro mercantil",
    payment: "Forma de pago",
    paid: "El importe está pagado.",
    refunded: "El importe se reembolsa a tu medio de pago.",
    refundLine: "Reembolso",
    personalised: "personalizado",
  },
  nl: {
    invoice: "Factuur",
    creditNote: "Creditnota",
    number: "Nummer",
    date: "Datum",
    order: "Bestelling",
    correcting: "bij factuur",
    billTo: "Factuuradres",
    shipTo: "Bezorgadres",
    quantity: "Aantal",
    description: "Artikel",
    unitPrice: "Stukprijs",
    amount: "Bedrag",
    subtotal: "Subtotaal",
    shipping: "Verzending",
    discount: "Korting",
    total: "Totaal",
    vatContained: (rate) => `incl. btw ${rate}`,
    net: "netto",
    vatId: "Btw-nummer",
    register: "Handelsregister",
    payment: "Betaalwijze",
    paid: "Dit bedrag is betaald.",
    refunded: "Het bedrag wordt teruggestort op je betaalmiddel.",
    refundLine: "Terugbetaling",
    personalised: "gepersonaliseerd",
  },
};

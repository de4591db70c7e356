/** What the studio tells a shopper when a photo is not taken, per language. */
import { localeSettings, type Language, type Locale } from "../../domain/locales";
import type { PhotoRefusal } from "./photos";

export type PhotoProblem = PhotoRefusal | "no-file" | "busy" | "not-found" | "in-use";

const TEXTS: Record<Language, Record<PhotoProblem, string>> = {
  de: {
    "not-an-image":
      "Diese Datei ist kein Foto, das wir lesen können. Bitte wählen Sie ein JPEG-, PNG- oder WebP-Bild.",
    "heic-unsupported":
      "HEIC-Fotos können wir nicht lesen. Bitte wandeln Sie das Foto in JPEG um oder exportieren Sie es als JPEG (auf dem iPhone: Einstellungen › Kamera › Formate › „Maximale Kompatibilität“).",
    "file-too-large": "Die Datei ist zu groß: Fotos dürfen höchstens 50 MB haben.",
    "too-many-pixels": "Das Foto hat zu viele Pixel: höchstens 100 Megapixel sind möglich.",
    "side-too-long": "Das Foto ist zu groß: jede Seite darf höchstens 20.000 Pixel haben.",
    "quota-count":
      "Sie haben die größtmögliche Zahl an Fotos hochgeladen. Bitte löschen Sie Fotos, die Sie nicht mehr brauchen.",
    "quota-bytes":
      "Ihr Speicherplatz für Fotos ist voll. Bitte löschen Sie Fotos, die Sie nicht mehr brauchen.",
    "no-file": "Bitte wählen Sie ein Foto aus.",
    busy: "Gerade werden sehr viele Fotos verarbeitet. Bitte versuchen Sie es in ein paar Sekunden noch einmal.",
    "not-found": "Dieses Foto gibt es nicht (mehr).",
    "in-use":
      "Dieses Foto steckt in einem Design in Ihrem Warenkorb oder einer Bestellung und kann nicht gelöscht werden.",
  },
  en: {
    "not-an-image":
      "This file is not a photo we can read. Please choose a JPEG, PNG or WebP image.",
    "heic-unsupported":
      "We cannot read HEIC photos. Please convert the photo to JPEG or export it as JPEG (on an iPhone: Settings › Camera › Formats › “Most Compatible”).",
    "file-too-large": "The file is too large: photos may have at most 50 MB.",
    "too-many-pixels": "The photo has too many pixels: at most 100 megapixels are possible.",
    "side-too-long": "The photo is too large: each side may have at most 20,000 pixels.",
    "quota-count":
      "You have uploaded the most photos possible. Please delete photos you no longer need.",
    "quota-bytes": "Your space for photos is full. Please delete photos you no longer need.",
    "no-file": "Please choose a photo.",
    busy: "Very many photos are being processed right now. Please try again in a few seconds.",
    "not-found": "This photo does not exist (any more).",
    "in-use": "This photo is in a design in your cart or an order and cannot be deleted.",
  },
  fr: {
    "not-an-image":
      "Ce fichier n'est pas une photo que nous pouvons lire. Veuillez choisir une image JPEG, PNG ou WebP.",
    "heic-unsupported":
      "Nous ne pouvons pas lire les photos HEIC. Veuillez convertir la photo en JPEG ou l'exporter en JPEG (sur iPhone : Réglages › Appareil photo › Formats › « Le plus compatible »).",
    "file-too-large": "Le fichier est trop volumineux : les photos peuvent faire au maximum 50 Mo.",
    "too-many-pixels": "La photo a trop de pixels : 100 mégapixels au maximum.",
    "side-too-long": "La photo est trop grande : chaque côté peut avoir au maximum 20 000 pixels.",
    "quota-count":
      "Vous avez téléchargé le nombre maximal de photos. Veuillez supprimer celles dont vous n'avez plus besoin.",
    "quota-bytes":
      "Votre espace pour les photos est plein. Veuillez supprimer celles dont vous n'avez plus besoin.",
    "no-file": "Veuillez choisir une photo.",
    busy: "De très nombreuses photos sont en cours de traitement. Veuillez réessayer dans quelques secondes.",
    "not-found": "Cette photo n'existe pas (ou plus).",
    "in-use":
      "Cette photo fait partie d'un design dans votre panier ou une commande et ne peut pas être supprimée.",
  },
  it: {
    "not-an-image":
      "Questo file non è una foto che possiamo leggere. Scegli un'immagine JPEG, PNG o WebP.",
    "heic-unsupported":
      "Non possiamo leggere le foto HEIC. Converti la foto in JPEG o esportala come JPEG (su iPhone: Impostazioni › Fotocamera › Formati › «Più compatibile»).",
    "file-too-large": "Il file è troppo grande: le foto possono avere al massimo 50 MB.",
    "too-many-pixels": "La foto ha troppi pixel: al massimo 100 megapixel.",
    "side-too-long": "La foto è troppo grande: ogni lato può avere al massimo 20.000 pixel.",
    "quota-count":
      "Hai caricato il numero massimo di foto. Elimina le foto che non ti servono più.",
    "quota-bytes": "Lo spazio per le tue foto è pieno. Elimina le foto che non ti servono più.",
    "no-file": "Scegli una foto.",
    busy: "Stiamo elaborando moltissime foto. Riprova tra qualche secondo.",
    "not-found": "Questa foto non esiste (più).",
    "in-use":
      "Questa foto è in un design nel tuo carrello o in un ordine e non può essere eliminata.",
  },
  es: {
    "not-an-image":
      "Este archivo no es una foto que podamos leer. Elige una imagen JPEG, PNG o WebP.",
    "heic-unsupported":
      "No podemos leer fotos HEIC. Convierte la foto a JPEG o expórtala como JPEG (en el iPhone: Ajustes › Cámara › Formatos › «Más compatible»).",
    "file-too-large": "El archivo es demasiado grande: las fotos pueden tener como máximo 50 MB.",
    "too-many-pixels": "La foto tiene demasiados píxeles: como máximo 100 megapíxeles.",
    "side-too-long":
      "La foto es demasiado grande: cada lado puede tener como máximo 20.000 píxeles.",
    "quota-count": "Has subido el número máximo de fotos. Borra las fotos que ya no necesites.",
    "quota-bytes": "Tu espacio para fotos está lleno. Borra las fotos que ya no necesites.",
    "no-file": "Elige una foto.",
    busy: "Ahora mismo se están procesando muchísimas fotos. Inténtalo de nuevo en unos segundos.",
    "not-found": "Esta foto no existe (o ya no existe).",
    "in-use": "Esta foto está en un diseño de tu carrito o de un pedido y no se puede borrar.",
  },
  nl: {
    "not-an-image":
      "Dit bestand is geen foto die we kunnen lezen. Kies een JPEG-, PNG- of WebP-afbeelding.",
    "heic-unsupported":
      "HEIC-foto's kunnen we niet lezen. Zet de foto om naar JPEG of exporteer hem als JPEG (op een iPhone: Instellingen › Camera › Structuur › 'Meest compatibel').",
    "file-too-large": "Het bestand is te groot: foto's mogen hoogstens 50 MB zijn.",
    "too-many-pixels": "De foto heeft te veel pixels: hoogstens 100 megapixel.",
    "side-too-long": "De foto is te groot: elke zijde mag hoogstens 20.000 pixels hebben.",
    "quota-count":
      "Je hebt het maximale aantal foto's geüpload. Verwijder foto's die je niet meer nodig hebt.",
    "quota-bytes": "Je ruimte voor foto's is vol. Verwijder foto's die je niet meer nodig hebt.",
    "no-file": "Kies een foto.",
    busy: "Er worden nu heel veel foto's verwerkt. Probeer het over een paar seconden opnieuw.",
    "not-found": "Deze foto bestaat niet (meer).",
    "in-use":
      "Deze foto zit in een ontwerp in je winkelwagen of een bestelling en kan niet worden verwijderd.",
  },
};

export function photoText(locale: Locale, problem: PhotoProblem): string {
  return TEXTS[localeSettings(locale).language][problem];
}

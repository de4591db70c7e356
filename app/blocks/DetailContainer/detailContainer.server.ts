/**
 * The product detail containers' fields (content/BLOCKS.md): what they share (heading,
 * text, call to action) and what each product needs preset (a card's design, a photo
 * book's design group, the collage designs or accessory types offered). Their options and
 * price come from the catalogue for the URL's choice: the page's first container of a
 * product answers it.
 */
import { z } from "zod";
import { CALENDAR_TYPES, PHOTOBOOK_TYPES } from "../../../domain/catalogue";
import {
  detailPreset,
  type DetailKind,
  type DetailPreset,
  type ProductDetails,
} from "../../../domain/productDetails";
import { linkField } from "../../lib/fields.server";
import { logError } from "../../lib/log";
import { defineBlock, type BlockRequest } from "../parts/block.server";
import { accessoryTypes, commaList, text, toSafeLink, uid } from "../parts/schema.server";
import { DETAIL_CONTAINERS, type DetailContainerBlock, type DetailContainerName } from "../types";

/** Where a detail container gets its state: the catalogue's answer and the page URL's choice. */
export interface DetailSource {
  /** A product's state for what was asked and the editor's presets. */
  details: (
    kind: DetailKind,
    asked: Readonly<Record<string, string | undefined>>,
    preset: DetailPreset,
  ) => Promise<ProductDetails | null>;
  /** The page URL's query: the first container of each product answers its choice. */
  search: URLSearchParams;
}

// The product detail containers share their fields; each adds what its product needs.
const detailFields = { _uid: uid, headline: text, text, ctaText: text };
const calendarDetails = z.object({
  ...detailFields,
  component: z.literal("CalendarDetailContainer"),
  calendarType: z.enum(CALENDAR_TYPES).nullable().catch(null).default(null),
});
const photobookDetails = z.object({
  ...detailFields,
  component: z.literal("PhotobookDetailContainer"),
  photobookType: z.enum(PHOTOBOOK_TYPES).nullable().catch(null).default(null),
  /** The design group whose templates the configurator starts with. */
  designGroupId: z
    .string()
    .regex(/^\d{1,9}$/)
    .nullable()
    .catch(null)
    .default(null),
});
const cardDetails = z.object({
  ...detailFields,
  component: z.literal("CardDetailContainer"),
  /** A card is sold with its design: the container needs one. */
  themeId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
});
const collageDetails = z.object({
  ...detailFields,
  component: z.literal("CollageDetailContainer"),
  /** The collage designs offered, by name; all when empty. */
  designs: commaList,
});
const accessoryDetails = z.object({
  ...detailFields,
  component: z.literal("AccessoryDetailContainer"),
  accessoryTypes,
  /** Where the accessories are added (the cards they go with). */
  link: linkField,
});

/** A detail container before the catalogue filled it in. */
function detailContainer(
  raw: {
    _uid: string;
    component: DetailContainerName;
    headline: string;
    text: string;
    ctaText: string;
  },
  preset: Record<string, string>,
  preferredType: string | null = null,
): DetailContainerBlock {
  return {
    _uid: raw._uid,
    component: raw.component,
    kind: DETAIL_CONTAINERS[raw.component],
    headline: raw.headline,
    text: raw.text,
    ctaText: raw.ctaText,
    preset,
    preferredType,
    link: null,
    details: null,
  };
}

/** A detail container with its options and price for the URL's choice (or the defaults). */
async function withDetails(
  block: DetailContainerBlock,
  source: DetailSource,
  { first }: BlockRequest,
): Promise<DetailContainerBlock> {
  const asked = first ? Object.fromEntries(source.search) : {};
  const details = await source
    .details(block.kind, asked, detailPreset(block.preset, block.preferredType))
    .catch((error: unknown) => {
      logError("product-details-error", error, { uid: block._uid, kind: block.kind });
      return null;
    });
  return { ...block, details };
}

export const CALENDAR_DETAILS = defineBlock(
  "CalendarDetailContainer",
  calendarDetails,
  (raw) => detailContainer(raw, {}, raw.calendarType),
  withDetails,
);
export const PHOTOBOOK_DETAILS = defineBlock(
  "PhotobookDetailContainer",
  photobookDetails,
  (raw) =>
    detailContainer(
      raw,
      raw.designGroupId ? { designGroupId: raw.designGroupId } : {},
      raw.photobookType,
    ),
  withDetails,
);
export const CARD_DETAILS = defineBlock(
  "CardDetailContainer",
  cardDetails,
  (raw) => detailContainer(raw, { themeId: raw.themeId }),
  withDetails,
);
export const COLLAGE_DETAILS = defineBlock(
  "CollageDetailContainer",
  collageDetails,
  (raw) => detailContainer(raw, raw.designs.length ? { designs: raw.designs.join(",") } : {}),
  withDetails,
);
export const ACCESSORY_DETAILS = defineBlock(
  "AccessoryDetailContainer",
  accessoryDetails,
  (raw, ctx) => ({
    ...detailContainer(
      raw,
      raw.accessoryTypes.length ? { accessoryTypes: raw.accessoryTypes.join(",") } : {},
    ),
    link: toSafeLink(raw.link, ctx),
  }),
  withDetails,
);

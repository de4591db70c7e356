/**
 * The contact form's fields (content/BLOCKS.md): its introduction, the related contact
 * person, the topics a shopper chooses from and whether it asks for an order number. Its
 * post without JavaScript is post.server.ts.
 */
import { z } from "zod";
import { CONTACT_FORM_LIMITS } from "../../../domain/contactForm";
import { assetField } from "../../lib/fields.server";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import {
  bool,
  requiredText,
  text,
  toAsset,
  uid,
  type ConvertContext,
} from "../parts/schema.server";
import type { ContactPerson } from "../types";

/** A topic a shopper may choose: one line of text. */
const topicText = z
  .string()
  .trim()
  .min(1)
  .max(CONTACT_FORM_LIMITS.topic)
  .regex(/^[^\p{Cc}]*$/u);

/**
 * The contact form's topics: a list of texts or of `{ text }` blocks, or one text with a
 * topic per line. Unusable entries and repeats are left out; at least one must remain.
 */
const contactTopics = z
  .unknown()
  .transform((value): string[] => {
    const entries = Array.isArray(value)
      ? value.map((entry) =>
          typeof entry === "object" && entry !== null ? (entry as { text?: unknown }).text : entry,
        )
      : typeof value === "string"
        ? value.split(/\r?\n/)
        : [];
    const topics = entries.flatMap((entry) => {
      const parsed = topicText.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
    return [...new Set(topics)].slice(0, 20);
  })
  .refine((topics) => topics.length >= 1, "needs at least one topic");

const contactForm = z.object({
  _uid: uid,
  component: z.literal("ContactForm"),
  headline: text,
  intro: text,
  /** The related ContactPerson story: resolved, the story; unresolved, its uuid. */
  person: z.unknown().optional(),
  topics: contactTopics,
  showOrderNumber: bool,
});

/** The content of a ContactPerson story, as the relation brings it. */
const contactPerson = z.object({
  component: z.literal("ContactPerson"),
  name: requiredText.max(100),
  role: text,
  photo: assetField,
  text,
});

/**
 * The contact person of a contact form. The content service puts the related story in
 * place of its uuid; a uuid still there (a deleted or unpublished story) or a story of
 * another kind cannot be shown: that is logged and the form goes on without a person.
 * No person named at all is no problem.
 */
function toContactPerson(raw: unknown, ctx: ConvertContext, uid: string): ContactPerson | null {
  const related = Array.isArray(raw) ? raw[0] : raw;
  if (related === undefined || related === null || related === "") return null;
  const story =
    typeof related === "object" ? (related as { content?: unknown; uuid?: unknown }) : null;
  const parsed = contactPerson.safeParse(story?.content);
  if (!parsed.success) {
    logError("contact-form-person-not-found", undefined, {
      uid,
      person: typeof related === "string" ? related : String(story?.uuid ?? ""),
    });
    return null;
  }
  const person = parsed.data;
  return {
    name: person.name,
    role: person.role,
    photo: person.photo ? toAsset(person.photo, ctx) : null,
    text: person.text,
  };
}

export const CONTACT_FORM = defineBlock("ContactForm", contactForm, (raw, ctx) => ({
  _uid: raw._uid,
  component: "ContactForm",
  headline: raw.headline,
  intro: raw.intro,
  person: toContactPerson(raw.person, ctx, raw._uid),
  topics: raw.topics,
  orderNumber: raw.showOrderNumber,
}));

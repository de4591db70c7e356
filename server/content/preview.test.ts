import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  PREVIEW_SIGNATURE_MAX_AGE_SECONDS,
  previewSignature,
  resolveContentVersion,
  signedPreviewParams,
  verifyPreviewParams,
  type PreviewAccess,
} from "./preview";

const NOW = Date.UTC(2025, 5, 1, 12);
const CARDS: PreviewAccess = { channel: "cards", spaceId: 1001, previewToken: "cards-preview" };
const WALLART: PreviewAccess = {
  channel: "wallart",
  spaceId: 1002,
  previewToken: "wallart-preview",
};
const services = {
  content: {
    previewAccess: (id: number) => [CARDS, WALLART].find((a) => a.spaceId === id) ?? null,
  },
};

function signed(access: PreviewAccess, at: number, extra: Record<string, string> = {}) {
  const params = signedPreviewParams(access, 7, at);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return new URL(`http://cards.localhost/fotobuch?${params}`);
}

describe("preview signature", () => {
  it("is the sha1 of space id, preview token and timestamp, as Storyblok computes it", () => {
    const storyblok = createHash("sha1").update("1001:cards-preview:1748779200").digest("hex");
    expect(previewSignature(1001, "cards-preview", 1748779200)).toBe(storyblok);
    const params = signedPreviewParams(CARDS, 7, NOW);
    expect(params.get("_storyblok_tk[token]")).toBe(
      previewSignature(1001, "cards-preview", NOW / 1000),
    );
  });

  it("accepts a fresh signature of a known space", () => {
    expect(
      verifyPreviewParams(signed(CARDS, NOW).searchParams, services.content.previewAccess, NOW),
    ).toEqual(CARDS);
  });

  it("accepts a signature up to one hour old, not older", () => {
    const limit = NOW - PREVIEW_SIGNATURE_MAX_AGE_SECONDS * 1000;
    const check = (at: number) =>
      verifyPreviewParams(signed(CARDS, at).searchParams, services.content.previewAccess, NOW);
    expect(check(limit)).toEqual(CARDS);
    expect(check(limit - 1000)).toBeNull();
    expect(check(NOW + 10 * 60 * 1000)).toBeNull();
  });

  it("refuses a signature made with another token or for another space", () => {
    const forged = signedPreviewParams({ ...CARDS, previewToken: "guess" }, 7, NOW);
    expect(verifyPreviewParams(forged, services.content.previewAccess, NOW)).toBeNull();
    const unknown = signedPreviewParams({ ...CARDS, spaceId: 99 }, 7, NOW);
    expect(verifyPreviewParams(unknown, services.content.previewAccess, NOW)).toBeNull();
    const garbage = new URLSearchParams({
      "_storyblok_tk[space_id]": "1001",
      "_storyblok_tk[timestamp]": "x",
    });
    expect(verifyPreviewParams(garbage, services.content.previewAccess, NOW)).toBeNull();
  });
});

describe("content version of a request", () => {
  it("is published without the visual-editor parameter", () => {
    const url = new URL("http://cards.localhost/fotobuch");
    expect(resolveContentVersion(url, services, "cards", NOW)).toEqual({
      version: "published",
      preview: false,
    });
  });

  it("is draft with a valid signature of the channel's space", () => {
    expect(resolveContentVersion(signed(CARDS, NOW), services, "cards", NOW)).toEqual({
      version: "draft",
      preview: true,
    });
  });

  it("is published when the signature belongs to another channel's space", () => {
    expect(resolveContentVersion(signed(WALLART, NOW), services, "cards", NOW)).toMatchObject({
      version: "published",
    });
  });

  it("is published when the signature is too old", () => {
    const old = signed(CARDS, NOW - 2 * 3600 * 1000);
    expect(resolveContentVersion(old, services, "cards", NOW)).toMatchObject({
      version: "published",
    });
  });

  it("carries the release to preview", () => {
    const url = signed(CARDS, NOW, { _storyblok_release: "12" });
    expect(resolveContentVersion(url, services, "cards", NOW)).toEqual({
      version: "draft",
      preview: true,
      release: "12",
    });
  });
});

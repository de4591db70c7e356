import { describe, expect, it } from "vitest";
import type { PreviewAccess } from "../../server/content/preview";
import { signedPreviewParams, verifyPreviewParams } from "../../server/content/preview";
import { editorFolders, editorJson, previewPath } from "./content-editor.server";

const NOW = Date.UTC(2025, 5, 1, 12);
const ACCESS: PreviewAccess = { channel: "cards", spaceId: 1001, previewToken: "cards-preview" };

describe("editor stories and previews", () => {
  it("edits the folders a locale shows: its own, then its fallback's", () => {
    expect(editorFolders("de-DE")).toEqual(["de-de"]);
    expect(editorFolders("fr-CH")).toEqual(["fr-ch", "fr-fr"]);
  });

  it("previews a story on this host, signed for the visual editor", () => {
    const path = previewPath(
      { id: 7, fullSlug: "fr-fr/aide/contact" },
      "fr-CH",
      "cards",
      signedPreviewParams(ACCESS, 7, NOW),
    );
    const url = new URL(path, "http://ch.cards.localhost");
    expect(url.pathname).toBe("/fr/aide/contact");
    expect(url.searchParams.get("_storyblok")).toBe("7");
    expect(verifyPreviewParams(url.searchParams, () => ACCESS, NOW)).toEqual(ACCESS);
  });

  it("previews the configuration and the error story on the home page", () => {
    const path = previewPath(
      { id: 3, fullSlug: "de-de/config" },
      "de-DE",
      "wallart",
      signedPreviewParams(ACCESS, 3, NOW),
    );
    expect(path.startsWith("/?")).toBe(true);
  });
});

describe("editor JSON", () => {
  it("puts every block's component and _uid first, keeping the other fields in order", () => {
    const json = editorJson({
      body: [{ text: "a", _uid: "b1", component: "Headline" }],
      _uid: "p",
      component: "Page",
    });
    expect(Object.keys(JSON.parse(json))).toEqual(["component", "_uid", "body"]);
    expect(json.indexOf('"component": "Headline"')).toBeLessThan(json.indexOf('"text": "a"'));
  });
});

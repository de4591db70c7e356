import { describe, expect, it } from "vitest";
import type { PreviewAccess } from "../../server/content/preview";
import { signedPreviewParams, verifyPreviewParams } from "../../server/content/preview";
import {
  EDITOR_SESSION_SECONDS,
  editorFolders,
  editorJson,
  endEditorSession,
  hasEditorSession,
  isPreviewToken,
  previewPath,
  startEditorSession,
  type EditorSessionStore,
} from "./content-editor.server";

const NOW = Date.UTC(2025, 5, 1, 12);
const ACCESS: PreviewAccess = { channel: "cards", spaceId: 1001, previewToken: "cards-preview" };

function cookieOf(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

/** The session store's rules in memory (the content store keeps them in the database). */
function memorySessions(): EditorSessionStore & { ids: Map<string, Date> } {
  const ids = new Map<string, Date>();
  return {
    ids,
    async createEditorSession(_space, id, expiresAt) {
      ids.set(id, expiresAt);
    },
    async hasEditorSession(_space, id, now = new Date()) {
      const expires = ids.get(id);
      return expires !== undefined && expires > now;
    },
    async endEditorSession(id) {
      ids.delete(id);
    },
  };
}

describe("editor session", () => {
  it("is an HttpOnly, SameSite=Strict cookie, Secure over HTTPS", async () => {
    const sessions = memorySessions();
    const cookie = await startEditorSession(ACCESS, sessions, true, NOW);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Secure");
    expect(await startEditorSession(ACCESS, sessions, false, NOW)).not.toContain("Secure");
    expect(sessions.ids.size).toBe(2);
  });

  it("signs in with the preview token only", () => {
    expect(isPreviewToken(ACCESS, "cards-preview")).toBe(true);
    expect(isPreviewToken(ACCESS, "cards-preview ")).toBe(false);
    expect(isPreviewToken(ACCESS, "")).toBe(false);
  });

  it("holds until it expires", async () => {
    const sessions = memorySessions();
    const cookie = cookieOf(await startEditorSession(ACCESS, sessions, false, NOW));
    expect(await hasEditorSession(`other=1; ${cookie}`, ACCESS, sessions, NOW + 1000)).toBe(true);
    const expired = NOW + EDITOR_SESSION_SECONDS * 1000;
    expect(await hasEditorSession(cookie, ACCESS, sessions, expired)).toBe(false);
  });

  it("ends with the log-out: the same cookie opens nothing afterwards", async () => {
    const sessions = memorySessions();
    const cookie = cookieOf(await startEditorSession(ACCESS, sessions, false));
    expect(await hasEditorSession(cookie, ACCESS, sessions)).toBe(true);
    const cleared = await endEditorSession(cookie, ACCESS, sessions, false);
    expect(cleared).toContain("Max-Age=0");
    expect(await hasEditorSession(cookie, ACCESS, sessions)).toBe(false);
  });

  it("ends when the preview token changes or the cookie is tampered with", async () => {
    const sessions = memorySessions();
    const cookie = cookieOf(await startEditorSession(ACCESS, sessions, false, NOW));
    const rotated = { ...ACCESS, previewToken: "rotated" };
    expect(await hasEditorSession(cookie, rotated, sessions, NOW)).toBe(false);
    const [name, value] = cookie.split("=");
    const [expires, id, mac] = (value ?? "").split(".");
    const later = `${name}=${Number(expires) + 3600}.${id}.${mac}`;
    expect(await hasEditorSession(later, ACCESS, sessions, NOW)).toBe(false);
    expect(await hasEditorSession(null, ACCESS, sessions, NOW)).toBe(false);
  });
});

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

/**
 * The studio's calls to the shop API (docs/studio.md): designs, photos, preflight and the
 * cart. Every answer is read as the shapes documented there; a refusal becomes an
 * ApiError carrying the problem document's status, code and detail.
 */
import type { DesignDocument } from "../../domain/studio/document";
import { STUDIO_DESIGN_PARAM } from "../../domain/studio/studioLinks";

export const STUDIO_API = "/web-api/studio";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    detail: string,
    /** Per field the API names (a body's dotted path): what is wrong with it. */
    readonly errors: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

/**
 * The error a refusal becomes: the API's problem documents name their machine-readable
 * code in `error` and say what went wrong in `detail` (in the shopper's language where the
 * shop words it) and each field at fault in `errors`; an answer that is no problem
 * document keeps its status alone.
 */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const doc = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  const fields =
    doc.errors && typeof doc.errors === "object" ? (doc.errors as Record<string, unknown>) : {};
  return new ApiError(
    status,
    text(doc.error),
    text(doc.detail) ?? text(doc.title) ?? `${status} ${statusText}`.trim(),
    Object.fromEntries(
      Object.entries(fields).flatMap(([field, why]) => (text(why) ? [[field, why as string]] : [])),
    ),
  );
}

async function problem(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not a problem document: the status says enough.
  }
  return apiErrorOf(response.status, response.statusText, body);
}

async function json<T>(input: string, init?: RequestInit): Promise<T> {
  const response = await fetch(input, {
    credentials: "same-origin",
    ...init,
    headers: {
      accept: "application/json",
      ...(init?.body ? { "content-type": "application/json" } : {}),
      ...init?.headers,
    },
  });
  if (!response.ok) throw await problem(response);
  return (await response.json()) as T;
}

/** A product configuration as the designs API and the cart take it. */
export type StudioConfiguration = Record<string, string | number | boolean> & { kind: string };

export interface Design {
  id: string;
  version: number;
  document: DesignDocument;
}

export function createDesign(configuration: StudioConfiguration, themeId?: string) {
  // The page's locale: a calendar's month names and holidays are the storefront's.
  const locale = typeof document === "undefined" ? "" : document.documentElement.lang;
  return json<Design>(`${STUDIO_API}/designs`, {
    method: "POST",
    body: JSON.stringify({ configuration, ...(themeId ? { themeId } : {}) }),
    ...(/^[a-z]{2}-[A-Z]{2}$/.test(locale) ? { headers: { "X-Locale": locale } } : {}),
  });
}

export function loadDesign(id: string) {
  return json<Design & { configuration: StudioConfiguration; themeId: string | null }>(
    `${STUDIO_API}/designs/${encodeURIComponent(id)}`,
  );
}

/** Saves the whole document over `version`; a stale version is an ApiError with status 409. */
export function saveDesign(id: string, version: number, document: DesignDocument) {
  return json<{ id: string; version: number }>(`${STUDIO_API}/designs/${encodeURIComponent(id)}`, {
    method: "PUT",
    headers: { "if-match": `"${version}"` },
    body: JSON.stringify({ document }),
  });
}

export interface PreflightProblem {
  surface: string;
  element?: string;
  code: string;
  severity: "error" | "warning";
  ppi?: number;
  /** Prints whose copies do not add up: what the pictures make, and what was ordered. */
  prints?: number;
  ordered?: number;
}

export function preflight(id: string) {
  return json<{ problems: PreflightProblem[] }>(
    `${STUDIO_API}/designs/${encodeURIComponent(id)}/preflight`,
  );
}

export function proofUrl(id: string, surface: number, width = 400): string {
  return `${STUDIO_API}/designs/${encodeURIComponent(id)}/proof/${surface}.jpg?width=${width}`;
}

/**
 * A photo of the shopper's as the upload and the photo list answer it: the original's size
 * in pixels (what the print uses), and the sizes of its screen copy and small copy.
 */
export interface StudioPhoto {
  id: string;
  width: number;
  height: number;
  screenWidth: number;
  screenHeight: number;
  thumbWidth: number;
  thumbHeight: number;
  /** When the picture was taken (ISO date), when the camera said; the list API gives it. */
  capturedAt?: string | null;
  /** When it was uploaded (ISO date); the list API gives it. */
  createdAt?: string;
}

export function listPhotos() {
  return json<{ photos: StudioPhoto[] } | StudioPhoto[]>(`${STUDIO_API}/photos`).then((body) =>
    Array.isArray(body) ? body : body.photos,
  );
}

/** The screen-sized copy the editor draws. */
export function screenUrl(photoId: string): string {
  return `${STUDIO_API}/photos/${encodeURIComponent(photoId)}/screen`;
}

/**
 * Uploads one file with progress (fetch cannot report an upload's progress; XHR can).
 * Resolves with the photo, rejects with an ApiError naming why the shop refused it.
 */
export function uploadPhoto(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StudioPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${STUDIO_API}/photos`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Partial<StudioPhoto> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // An answer that is not JSON: the status tells.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.id) {
        onProgress(1);
        // The photo as the photo list says it, its copies' sizes with it.
        resolve(body as StudioPhoto);
      } else {
        reject(apiErrorOf(xhr.status, xhr.statusText, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null, "network"));
    xhr.onabort = () => reject(new ApiError(0, "aborted", "aborted"));
    signal?.addEventListener("abort", () => xhr.abort());
    const form = new FormData();
    form.append("file", file, file instanceof File ? file.name : "photo");
    xhr.send(form);
  });
}

/** A product with its designer link's options, as the cart API takes an article. */
export interface CartArticle {
  product: string;
  options: Record<string, string>;
  quantity: number;
}

/** Puts the design into the cart as an article (wall art, prints, the photo box ...). */
export function addArticleToCart(article: CartArticle, designId: string) {
  return json<{ id: number }>("/web-api/cart/items", {
    method: "POST",
    body: JSON.stringify({
      kind: "article",
      ...article,
      options: { ...article.options, [STUDIO_DESIGN_PARAM]: designId },
    }),
  });
}

/** Puts the design into the cart with its configuration; the cart prices it as the page did. */
export function addToCart(configuration: StudioConfiguration, designId: string) {
  return json<{ id: number }>("/web-api/cart/items", {
    method: "POST",
    body: JSON.stringify({ ...configuration, [STUDIO_DESIGN_PARAM]: designId }),
  });
}

/**
 * The visual preview inside the editor's iframe (browser only, loaded on demand): the
 * editor posts the edited story, the page has it prepared by the CMS-transform endpoint
 * and re-renders without a reload. Messages are accepted from the parent window of the
 * same origin only.
 */

/** Editor → preview: the story as edited. */
export interface PreviewInputMessage {
  type: "shop-content:input";
  story: { id: number; content: unknown };
}

/** Preview → editor: ready for input, an edit rendered, or the transform failed. */
export type PreviewOutputMessage =
  | { type: "shop-content:ready"; storyId: number }
  | { type: "shop-content:rendered"; storyId: number }
  | { type: "shop-content:error"; storyId: number; status: number };

export function isPreviewInput(data: unknown): data is PreviewInputMessage {
  if (data === null || typeof data !== "object") return false;
  const message = data as Partial<PreviewInputMessage>;
  return (
    message.type === "shop-content:input" &&
    typeof message.story?.id === "number" &&
    typeof message.story.content === "object" &&
    message.story.content !== null
  );
}

/** The CMS-transform URL for this page: its locale and path, and the page's preview signature. */
export function transformUrl(location: Location, locale: string): string {
  const query = new URLSearchParams({ locale, path: location.pathname });
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (key.startsWith("_storyblok")) query.append(key, value);
  }
  return `/web-api/cms/transform?${query}`;
}

/** Follows the editor's edits of one story; returns the function that stops following. */
export function followEditor(
  options: { storyId: number; locale: string },
  apply: (content: unknown) => void,
): () => void {
  const origin = window.location.origin;
  const tell = (message: PreviewOutputMessage) => window.parent.postMessage(message, origin);
  let latest = 0;
  const onMessage = async (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    if (!isPreviewInput(event.data) || event.data.story.id !== options.storyId) return;
    const sequence = ++latest;
    const response = await fetch(transformUrl(window.location, options.locale), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ story: event.data.story }),
    });
    if (sequence !== latest) return;
    if (!response.ok) {
      tell({ type: "shop-content:error", storyId: options.storyId, status: response.status });
      return;
    }
    const body = (await response.json()) as { story: { content: unknown } };
    apply(body.story.content);
    tell({ type: "shop-content:rendered", storyId: options.storyId });
  };
  window.addEventListener("message", onMessage);
  if (window.parent !== window) tell({ type: "shop-content:ready", storyId: options.storyId });
  return () => window.removeEventListener("message", onMessage);
}

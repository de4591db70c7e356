/** The text a refused shop call carries for the visitor: `message.text`, else null. */
export function serverMessage(body: unknown): string | null {
  const message = (body as { message?: { text?: unknown } } | null)?.message;
  return typeof message?.text === "string" && message.text !== "" ? message.text : null;
}

import { renderToPipeableStream } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { documentStream } from "./documentStream.server";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("the document's stream from React to the response", () => {
  it("hands on what is written in one turn as one piece, and what comes later on its own", async () => {
    const { writable, readable } = documentStream();
    const reader = readable.getReader();
    for (let i = 0; i < 30; i++) writable.write(encode(`<p>${i}</p>`));
    const first = await reader.read();
    expect(decode(first.value)).toBe(Array.from({ length: 30 }, (_, i) => `<p>${i}</p>`).join(""));
    writable.write(encode("<p>later</p>"));
    writable.end();
    expect(decode((await reader.read()).value)).toBe("<p>later</p>");
    expect((await reader.read()).done).toBe(true);
  });

  it("carries a page React renders byte for byte", async () => {
    const page = createElement(
      "ul",
      null,
      Array.from({ length: 2000 }, (_, i) => createElement("li", { key: i }, `Fotobuch ${i} – ä`)),
    );
    const { writable, readable } = documentStream();
    await new Promise<void>((shellReady) => {
      const { pipe } = renderToPipeableStream(page, {
        onShellReady() {
          pipe(writable);
          shellReady();
        },
      });
    });
    const html = await new Response(readable).text();
    expect(html.startsWith("<ul><li>Fotobuch 0 – ä</li>")).toBe(true);
    expect(html.endsWith("<li>Fotobuch 1999 – ä</li></ul>")).toBe(true);
    expect(html.match(/<li>/g)).toHaveLength(2000);
  });

  it("ends the writable when the reader cancels (the visitor left), and fails with the writer", async () => {
    const left = documentStream();
    const closed = new Promise((resolve) => left.writable.on("close", resolve));
    await left.readable.cancel();
    await closed;
    expect(left.writable.destroyed).toBe(true);

    const failing = documentStream();
    failing.writable.on("error", () => {});
    failing.writable.destroy(new Error("render failed"));
    await expect(new Response(failing.readable).text()).rejects.toThrow("render failed");
  });
});

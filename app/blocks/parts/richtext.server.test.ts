import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storyPath } from "../../../domain/contentFields";
import type { LinkLocale } from "../../../domain/links";
import { setLogSink, type LogLevel } from "../../lib/log";
import {
  parseRichTextImageOptions,
  renderRichTextHtml,
  richTextLinkHref,
  type RichTextContext,
} from "./richtext.server";

const GERMANY: LinkLocale = {
  country: "DE",
  language: "de",
  locale: "de-DE",
  trailingSlash: false,
};
const SWISS_FRENCH: LinkLocale = {
  country: "CH",
  language: "fr",
  locale: "fr-CH",
  trailingSlash: true,
};

const logged: { level: LogLevel; id: string; details: Record<string, unknown> }[] = [];
beforeEach(() => {
  logged.length = 0;
  setLogSink((level, id, details) => logged.push({ level, id: String(id), details }));
});
afterEach(() => setLogSink(() => undefined));

function ctx(overrides: Partial<RichTextContext> = {}): RichTextContext {
  return {
    link: GERMANY,
    images: parseRichTextImageOptions(undefined),
    metas: new Map(),
    ...overrides,
  };
}

const text = (value: string, marks?: unknown[]) => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
const doc = (...content: unknown[]) => ({ type: "doc", content });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const link = (href: string, linktype = "url", extra: Record<string, unknown> = {}) => ({
  type: "link",
  attrs: { href, linktype, target: null, uuid: null, anchor: null, ...extra },
});

describe("rich text rendering", () => {
  it("renders every document node", () => {
    const html = renderRichTextHtml(
      doc(
        { type: "heading", attrs: { level: 2, textAlign: "center" }, content: [text("Title")] },
        paragraph(text("One"), { type: "hard_break" }, text("Two")),
        {
          type: "bullet_list",
          content: [{ type: "list_item", content: [paragraph(text("Bullet"))] }],
        },
        {
          type: "ordered_list",
          attrs: { order: 3 },
          content: [{ type: "list_item", content: [paragraph(text("Third"))] }],
        },
        { type: "blockquote", content: [paragraph(text("Quote"))] },
        { type: "code_block", attrs: { class: null }, content: [text("x < y")] },
        { type: "horizontal_rule" },
        paragraph({ type: "emoji", attrs: { name: "heart", emoji: "❤️", fallbackImage: "" } }),
        {
          type: "table",
          content: [
            {
              type: "tableRow",
              content: [{ type: "tableHeader", attrs: {}, content: [paragraph(text("Size"))] }],
            },
            {
              type: "tableRow",
              content: [
                { type: "tableCell", attrs: { colspan: 2 }, content: [paragraph(text("A4"))] },
              ],
            },
          ],
        },
      ),
      ctx(),
    );
    expect(html).toContain('<h2 style="text-align:center">Title</h2>');
    expect(html).toContain("<p>One<br />Two</p>");
    expect(html).toContain("<ul><li><p>Bullet</p></li></ul>");
    expect(html).toContain('<ol start="3"><li><p>Third</p></li></ol>');
    expect(html).toContain("<blockquote><p>Quote</p></blockquote>");
    expect(html).toContain("<pre><code>x &lt; y</code></pre>");
    expect(html).toContain("<hr />");
    expect(html).toContain('<span data-name="heart" data-emoji="❤️">❤️</span>');
    expect(html).toContain("<thead><tr><th><p>Size</p></th></tr></thead>");
    expect(html).toContain('<td colspan="2"><p>A4</p></td>');
  });

  it("renders every mark", () => {
    const html = renderRichTextHtml(
      doc(
        paragraph(
          text("b", [{ type: "bold" }]),
          text("i", [{ type: "italic" }]),
          text("s", [{ type: "strike" }]),
          text("u", [{ type: "underline" }]),
          text("c", [{ type: "code" }]),
          text("sup", [{ type: "superscript" }]),
          text("sub", [{ type: "subscript" }]),
          text("hi", [{ type: "highlight", attrs: { color: "#ffee00" } }]),
          text("col", [{ type: "textStyle", attrs: { color: "#b4235a" } }]),
          text("anc", [{ type: "anchor", attrs: { id: "delivery" } }]),
          text("sty", [{ type: "styled", attrs: { class: "fancy" } }]),
        ),
      ),
      ctx(),
    );
    for (const fragment of [
      "<strong>b</strong>",
      "<em>i</em>",
      "<s>s</s>",
      "<u>u</u>",
      "<code>c</code>",
      "<sup>sup</sup>",
      "<sub>sub</sub>",
      '<mark style="background-color:#ffee00">hi</mark>',
      '<span style="color:#b4235a">col</span>',
      '<span id="delivery">anc</span>',
      "<span>sty</span>",
    ]) {
      expect(html).toContain(fragment);
    }
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "vbscript:msgbox",
    "ftp://files.example/x",
    "file:///etc/passwd",
    "//evil.example/x",
    "blob:https://evil.example/1",
  ])("renders a %j link without its href", (href) => {
    const html = renderRichTextHtml(doc(paragraph(text("Click", [link(href)]))), ctx());
    expect(html).toBe("<p><a>Click</a></p>");
  });

  it("keeps http, https, mailto, tel and relative links", () => {
    const html = renderRichTextHtml(
      doc(
        paragraph(
          text("web", [link("https://example.com/x", "url", { target: "_blank" })]),
          text("mail", [link("service@cardelia.example", "email")]),
          text("call", [link("tel:+498912345")]),
          text("page", [link("/fotokalender")]),
        ),
      ),
      ctx(),
    );
    expect(html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">web</a>',
    );
    expect(html).toContain('<a href="mailto:service@cardelia.example">mail</a>');
    expect(html).toContain('<a href="tel:+498912345">call</a>');
    expect(html).toContain('<a href="/fotokalender">page</a>');
  });

  it("localises internal links for the page's language and trailing slash", () => {
    expect(richTextLinkHref({ href: "/toile", linktype: "url" }, SWISS_FRENCH)).toBe("/fr/toile/");
    expect(
      richTextLinkHref(
        { href: "fr-fr/service/livraison", linktype: "story", anchor: "delais" },
        SWISS_FRENCH,
      ),
    ).toBe("/fr/service/livraison/#delais");
    expect(storyPath("de-de/home")).toBe("/");
    expect(storyPath("de-de/service/versand")).toBe("/service/versand");
  });

  it("escapes text and strips markup the renderer did not make", () => {
    const html = renderRichTextHtml(
      doc(
        paragraph(text('<img src=x onerror="alert(1)">')),
        paragraph(
          text("bad colour", [
            { type: "textStyle", attrs: { color: "red;background:url(javascript:x)" } },
          ]),
        ),
      ),
      ctx(),
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).not.toContain("javascript");
  });

  it("turns a plain string into escaped paragraphs", () => {
    expect(renderRichTextHtml("First <b>line</b>\nnext\n\nSecond", ctx())).toBe(
      "<p>First line<br>next</p><p>Second</p>",
    );
  });

  it.each([
    ["a null node", doc(null)],
    [
      "a text node without text",
      doc({ type: "paragraph", content: [{ type: "text", text: null }] }),
    ],
    [
      "marks that are not a list",
      doc({ type: "paragraph", content: [{ type: "text", text: "x", marks: {} }] }),
    ],
  ])("logs richtext-render-error and renders nothing for a document with %s", (_name, broken) => {
    expect(renderRichTextHtml(broken, ctx(), { uid: "t2" })).toBe("");
    expect(logged).toEqual([
      expect.objectContaining({
        level: "error",
        id: "richtext-render-error",
        details: expect.objectContaining({ uid: "t2" }),
      }),
    ]);
  });

  it("logs richtext-render-error for a value that is not a document", () => {
    expect(renderRichTextHtml({ type: "paragraph" }, ctx(), { uid: "t1" })).toBe("");
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "error", id: "richtext-render-error" }),
    );
  });
});

describe("rich-text images", () => {
  const image = (src: string) => ({
    type: "image",
    attrs: {
      src,
      alt: "A calendar",
      title: null,
      id: 1,
      source: null,
      copyright: null,
      meta_data: null,
    },
  });

  it("goes through the image service with densities 1 and 2 and its height from the asset", () => {
    const html = renderRichTextHtml(
      doc(image("/a/cards/calendar.jpg")),
      ctx({
        metas: new Map([["/a/cards/calendar.jpg", { width: 1600, height: 1200, ratio: 4 / 3 }]]),
      }),
    );
    expect(html).toBe(
      '<img src="/_img/800x600/a/cards/calendar.jpg" srcset="/_img/800x600/a/cards/calendar.jpg 1x, /_img/1600x1200/a/cards/calendar.jpg 2x" alt="A calendar" width="800" height="600" loading="lazy" decoding="async" />',
    );
  });

  it("applies valid image options", () => {
    const options = parseRichTextImageOptions({
      width: 400,
      filters: {
        blur: 10,
        quality: 70,
        brightness: 100,
        rotate: 90,
        format: "png",
        grayscale: true,
      },
    });
    const html = renderRichTextHtml(doc(image("/a/cards/calendar.jpg")), ctx({ images: options }));
    expect(html).toContain(
      'src="/_img/400x0/filters:quality(70):format(png):blur(10):brightness(100):grayscale():rotate(90)/a/cards/calendar.jpg"',
    );
    expect(logged).toEqual([]);
  });

  it.each<Record<string, unknown>>([
    ...["blur", "quality", "brightness"].flatMap((name) => [{ [name]: 0 }, { [name]: 100 }]),
    ...[0, 90, 180, 270].map((rotate) => ({ rotate })),
    ...["webp", "png", "jpeg"].map((format) => ({ format })),
  ])("accepts the image option %j", (filters) => {
    expect(parseRichTextImageOptions({ filters }).filters).toEqual(filters);
    expect(parseRichTextImageOptions(filters).filters).toEqual(filters);
    expect(logged).toEqual([]);
  });

  it.each([
    [{ blur: 101 }],
    [{ blur: -1 }],
    [{ quality: 101 }],
    [{ brightness: -1 }],
    [{ quality: 50.5 }],
    [{ blur: "10" }],
    [{ rotate: -90 }],
    [{ rotate: 360 }],
    [{ format: "avif" }],
    [{ format: "WEBP" }],
    [{ quality: -1 }],
    [{ brightness: 150 }],
    [{ rotate: 45 }],
    [{ format: "gif" }],
    [{ sepia: true }],
  ])("leaves out and logs the invalid option %j", (filters) => {
    const options = parseRichTextImageOptions({ filters });
    expect(options.filters).toEqual({});
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "warn", id: "richtext-render-error" }),
    );
  });

  it("drops an image no provider serves", () => {
    expect(renderRichTextHtml(doc(image("https://evil.example/x.jpg")), ctx())).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { contentMarkupProblems, markupErrors, textMarkupProblems } from "./contentMarkup";

const rules = (text: string) => textMarkupProblems(text).map((p) => p.rule);

describe("markup a page would show as written", () => {
  it("finds a markdown link or image, bold text and a heading at the start of a line", () => {
    expect(textMarkupProblems("Mehr zur [Leinwand](/leinwand): ab heute")).toEqual([
      { rule: "markdown-link", found: "[Leinwand](/leinwand)" },
    ]);
    expect(rules("![Foto](https://a.example/b.jpg)")).toEqual(["markdown-link"]);
    expect(rules("Jetzt **neu** im Shop")).toEqual(["markdown-bold"]);
    expect(rules("__Sale__")).toEqual(["markdown-bold"]);
    expect(rules("# Unsere Leinwände")).toEqual(["markdown-heading"]);
    expect(rules("Intro\n## Formate\nText")).toEqual(["markdown-heading"]);
  });

  it("leaves ordinary text alone: brackets, stars, hashes and prices", () => {
    for (const text of [
      "Fotobuch (Hardcover) [neu]",
      "ab 9,99 €* inkl. MwSt.",
      "5 * 3 = 15 and 2 ** 3",
      "#1 im Test, Bestseller #2",
      "Farbe: #ff0000",
      "C# und F# Notation",
      "https://example.com/page#section",
      "tel:{{hotlineDial}}",
    ])
      expect(textMarkupProblems(text), text).toEqual([]);
  });

  it("knows the placeholders the shop fills in, and refuses any other", () => {
    for (const text of [
      "Hotline {{hotline}} ({{ hotlineHours }})",
      "{{company}}, {{sellerAddress}}",
      "Gratis ab {{freeShippingFrom}} in {{currency}}",
      "ab {{fromPrice:photobox}}",
      "ab {{ fromPrice: wallart-leinwand-600x400 }}",
    ])
      expect(textMarkupProblems(text), text).toEqual([]);
    expect(textMarkupProblems("Hallo {{name}}!")).toEqual([
      { rule: "placeholder", found: "{{name}}" },
    ]);
    expect(rules("{{ company }} und {{kunde}}")).toEqual(["placeholder"]);
    expect(rules("Offen: {{hotline")).toEqual(["placeholder"]);
    expect(rules("{{ hotline hours }}")).toEqual(["placeholder"]);
    expect(rules("{{price:photobox}}")).toEqual(["placeholder"]);
  });

  it("takes {{count}} only in a theme overview's link text, where the number of themes fills it", () => {
    const overview = (linkText: string, headline = "Hochzeit") => ({
      component: "ThemeOverview",
      _uid: "t",
      headline,
      linkText,
    });
    expect(contentMarkupProblems(overview("Alle {{count}} Designs"))).toEqual([]);
    expect(contentMarkupProblems(overview("Alle", "{{count}} Designs"))).toEqual([
      { path: "headline", rule: "placeholder", found: "{{count}}" },
    ]);
    expect(
      contentMarkupProblems({ component: "Teaser", _uid: "x", linkText: "Alle {{count}}" }),
    ).toHaveLength(1);
  });
});

describe("a story's markup problems", () => {
  const paragraph = (...texts: string[]) => ({
    type: "paragraph",
    content: texts.map((text) => ({ type: "text", text })),
  });
  const story = {
    component: "Page",
    _uid: "p-1",
    title: "Wandbilder",
    body: [
      { component: "Headline", _uid: "[a](b)", text: "Wandbilder" },
      {
        component: "Text",
        _uid: "t",
        text: {
          type: "doc",
          content: [
            paragraph("Wir drucken auf ", "# Leinwand"),
            paragraph("# Alu-Dibond"),
            paragraph("Siehe [Poster](/poster)"),
          ],
        },
        link: { linktype: "url", url: "tel:{{hotlineDial}}", cached_url: "tel:{{hotlineDial}}" },
      },
      { component: "Teaser", _uid: "u", headline: "Jetzt **neu**", tags: ["a", "# b"] },
    ],
  };

  it("names the path of every field that carries markup, inside rich text too", () => {
    expect(contentMarkupProblems(story)).toEqual([
      {
        path: "body.1.text.content.1.content.0.text",
        rule: "markdown-heading",
        found: "# Alu-Dibond",
      },
      {
        path: "body.1.text.content.2.content.0.text",
        rule: "markdown-link",
        found: "[Poster](/poster)",
      },
      { path: "body.2.headline", rule: "markdown-bold", found: "**neu**" },
      { path: "body.2.tags.1", rule: "markdown-heading", found: "# b" },
    ]);
  });

  it("passes a story without markup, and ignores block names and ids", () => {
    expect(contentMarkupProblems({ component: "Page", _uid: "**x**", body: [] })).toEqual([]);
  });

  it("says per field what was found and what to use instead", () => {
    const errors = markupErrors(contentMarkupProblems(story));
    expect(Object.keys(errors)).toHaveLength(4);
    expect(errors["body.2.headline"]).toMatch(/"\*\*neu\*\*": markdown bold .* bold mark/);
    expect(
      markupErrors([
        { path: "a", rule: "markdown-link", found: "[x](y)" },
        { path: "a", rule: "placeholder", found: "{{x}}" },
      ]).a,
    ).toMatch(/link field.*; "\{\{x\}\}": no step of the shop fills .*\{\{fromPrice:product\}\}/);
  });
});

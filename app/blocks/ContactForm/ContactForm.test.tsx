// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_ACTION, CONTACT_FORM_CHALLENGE_PATH } from "../../../domain/contactForm";
import { NO_THIRD_PARTIES } from "../../../domain/thirdParty";
import { prepareSpamToken } from "../../integrations/spamToken";
import { createI18n, I18nContext } from "../../i18n/i18n";
import { messagesFor } from "../../i18n/messages.server";
import { setLogSink } from "../../lib/log";
import { PageBody } from "../PageBody";
import { prepareContent, type PrepareContext } from "../prepare.server";
import type { PreparedBlock } from "../types";

// The challenge is the server's business (server/api/contactForm.test.ts); here it is solved.
vi.mock("../../integrations/spamToken", () => ({
  spamToken: vi.fn(async () => "solved"),
  prepareSpamToken: vi.fn(),
}));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const PERSON_UUID = "f6525578-d800-5346-8e70-f76a90ac0f58";
/** The person story as the content service puts it in place of its uuid. */
const PERSON_STORY = {
  name: "Miriam Albers",
  uuid: PERSON_UUID,
  full_slug: "en-gb/team/miriam-albers",
  content: {
    component: "ContactPerson",
    _uid: "person",
    name: "Miriam Albers",
    role: "Head of Customer Service",
    photo: { filename: "/a/cards/contact-person.svg", alt: "" },
    text: "I read every message.",
  },
};

const contactForm = (person: unknown) => ({
  component: "ContactForm",
  _uid: "cf",
  headline: "Write to us",
  intro: "We usually reply within one working day.",
  ...(person === undefined ? {} : { person }),
  topics: [
    { component: "ContactFormTopic", _uid: "t1", text: "A question about my order" },
    { component: "ContactFormTopic", _uid: "t2", text: "Something else" },
  ],
  showOrderNumber: true,
});

const images: PrepareContext["images"] = {
  meta: async () => ({ width: 240, height: 240, ratio: 1 }),
};
const logged: { id: string; details: Record<string, unknown> }[] = [];
let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  logged.length = 0;
  setLogSink((_level, id, details) => logged.push({ id: String(id), details }));
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setLogSink(() => undefined);
  vi.unstubAllGlobals();
});

async function prepare(person: unknown): Promise<PreparedBlock[]> {
  const page = await prepareContent(
    { component: "Page", _uid: "page", body: [contactForm(person)] },
    { locale: "en-GB", channel: "cards", preview: false, images },
  );
  return page.body as unknown as PreparedBlock[];
}

async function render(body: PreparedBlock[]) {
  const i18n = createI18n("en-GB", messagesFor("en-GB"));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/help/contact",
      loader: () => ({ channel: "cards", locale: "en-GB", thirdParty: NO_THIRD_PARTIES }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nContext value={i18n}>
          <PageBody body={body} />
        </I18nContext>
      ),
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/help/contact"]} />));
  // The block's code loads on the pages that have one.
  await vi.waitFor(() => expect(container.querySelector(".contact-form form")).not.toBeNull());
}

const $ = (selector: string) => container.querySelector<HTMLElement>(selector);
const field = (name: string) =>
  container.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const labelOf = (element: Element) =>
  [...container.querySelectorAll("label")].find((l) => l.htmlFor === element.id)?.textContent;
const byId = (id: string | null | undefined) => (id ? document.getElementById(id) : null);

async function submit() {
  const form = $(".contact-form form")!;
  await act(async () => {
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  });
}

function fillIn() {
  field("name").value = "Anna Schmidt";
  field("email").value = "anna@example.co.uk";
  field("topic").value = "Something else";
  field("orderNumber").value = "CD-2026-000123";
  field("message").value = "Where is my order, please?";
}

describe("the contact form block", () => {
  it("shows the related contact person beside a form whose every field has its label", async () => {
    await render(await prepare(PERSON_STORY));
    expect($(".contact-form h2")?.textContent).toBe("Write to us");
    expect($(".contact-person__name")?.textContent).toBe("Miriam Albers");
    expect($(".contact-person__role")?.textContent).toBe("Head of Customer Service");
    expect($(".contact-person__text")?.textContent).toBe("I read every message.");
    expect($(".contact-person img")?.getAttribute("src")).toContain("/a/cards/contact-person.svg");
    expect(
      ["name", "email", "topic", "orderNumber", "message"].map((n) => labelOf(field(n))),
    ).toEqual([
      "Your name",
      "Your e-mail address",
      "Topic",
      "Order number (optional)",
      "Your message",
    ]);
    const topics = [...field("topic").querySelectorAll("option")].map((o) => o.textContent);
    expect(topics).toEqual([
      "Please choose a topic",
      "A question about my order",
      "Something else",
    ]);
    expect(field("orderNumber").required).toBe(false);
    expect(field("message").required).toBe(true);
    expect(logged).toEqual([]);
  });

  it("logs a person it cannot resolve and still renders the form without one", async () => {
    await render(await prepare(PERSON_UUID));
    expect(logged).toContainEqual({
      id: "contact-form-person-not-found",
      details: { uid: "cf", person: PERSON_UUID },
    });
    expect($(".contact-person")).toBeNull();
    expect(field("message")).not.toBeNull();
  });

  it("shows no person and logs nothing when none is related", async () => {
    await render(await prepare(undefined));
    expect($(".contact-person")).toBeNull();
    expect(logged).toEqual([]);
  });

  it("names each wrong field beside it, tied to it for screen readers, and focuses the first", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await render(await prepare(PERSON_STORY));
    field("email").value = "anna";
    field("message").value = "Hi";
    await submit();
    const name = field("name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const error = byId(`${name.id}-error`);
    expect(error?.textContent).toBe("Please enter your name.");
    expect(name.getAttribute("aria-describedby")).toBe(error?.id);
    const message = field("message");
    expect(message.getAttribute("aria-describedby")?.split(" ")).toEqual([
      `${message.id}-hint`,
      `${message.id}-error`,
    ]);
    expect(byId(`${message.id}-error`)?.textContent).toBe("Please write at least 10 characters.");
    expect(byId(`${field("email").id}-error`)?.textContent).toContain("valid e-mail address");
    expect(document.activeElement).toBe(name);
    expect(field("email").value).toBe("anna");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends in place with the solved challenge and moves focus to the thanks", async () => {
    const fetch = vi.fn(async () => Response.json({ sent: true }));
    vi.stubGlobal("fetch", fetch);
    await render(await prepare(PERSON_STORY));
    fillIn();
    await submit();
    await vi.waitFor(() => expect($(".contact-form__thanks")).not.toBeNull());
    expect(document.activeElement).toBe($(".contact-form__thanks"));
    expect($(".contact-form__thanks")?.getAttribute("role")).toBe("status");
    expect($(".contact-form__thanks")?.textContent).toContain("Thank you for your message!");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/web-api/contact-form");
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "X-Locale": "en-GB" });
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Anna Schmidt",
      email: "anna@example.co.uk",
      topic: "Something else",
      orderNumber: "CD-2026-000123",
      message: "Where is my order, please?",
      token: "solved",
    });

    await act(async () => $(".contact-form__thanks button")!.click());
    await vi.waitFor(() => expect(document.activeElement).toBe(field("name")));
    expect(field("name").value).toBe("");
  });

  it("starts the spam protection's computing with the first input, not on sending", async () => {
    vi.mocked(prepareSpamToken).mockClear();
    await render(await prepare(undefined));
    field("name").value = "A";
    field("name").dispatchEvent(new Event("input", { bubbles: true }));
    expect(prepareSpamToken).toHaveBeenCalledWith(CONTACT_FORM_ACTION, {
      recaptcha: NO_THIRD_PARTIES.recaptcha,
      challengeUrl: CONTACT_FORM_CHALLENGE_PATH,
    });
  });

  it("keeps what was typed and says why when the server refuses the message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "spam_protection" }, { status: 403 })),
    );
    await render(await prepare(PERSON_STORY));
    fillIn();
    await submit();
    await vi.waitFor(() => expect($(".contact-form__problem")).not.toBeNull());
    const problem = $(".contact-form__problem")!;
    expect(problem.getAttribute("role")).toBe("alert");
    expect(problem.textContent).toContain("the spam check failed");
    expect(document.activeElement).toBe(problem);
    expect(field("message").value).toBe("Where is my order, please?");
  });
});

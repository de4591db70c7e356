// @vitest-environment happy-dom
/**
 * The recommendation form starts the spam protection's computing with the shopper's first
 * input, as the contact and newsletter forms do, so sending does not wait for it.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { RECOMMENDATION_ACTION, RECOMMENDATION_CHALLENGE_PATH } from "../../domain/recommendation";
import { NO_THIRD_PARTIES } from "../../domain/thirdParty";
import { prepareSpamToken } from "../integrations/spamToken";
import { createI18n, I18nContext } from "../i18n/i18n";
import { messagesFor } from "../i18n/messages.server";
import { RecommendationForm } from "./RecommendationForm";

// The challenge is the server's business; here only its start is watched.
vi.mock("../integrations/spamToken", () => ({
  spamToken: vi.fn(async () => "solved"),
  prepareSpamToken: vi.fn(),
}));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render() {
  const i18n = createI18n("en-GB", messagesFor("en-GB"));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/recommend",
      loader: () => ({ channel: "cards", locale: "en-GB", thirdParty: NO_THIRD_PARTIES }),
      HydrateFallback: () => null,
      Component: () => (
        <I18nContext value={i18n}>
          <RecommendationForm />
        </I18nContext>
      ),
    },
  ]);
  await act(async () => root.render(<Stub initialEntries={["/recommend"]} />));
  await vi.waitFor(() => expect(container.querySelector("form")).not.toBeNull());
}

describe("the recommendation form", () => {
  it("starts the spam protection's computing with the first input, not on sending", async () => {
    await render();
    expect(prepareSpamToken).not.toHaveBeenCalled();
    const name = container.querySelector<HTMLInputElement>('[name="senderName"]')!;
    name.value = "A";
    name.dispatchEvent(new Event("input", { bubbles: true }));
    expect(prepareSpamToken).toHaveBeenCalledWith(RECOMMENDATION_ACTION, {
      recaptcha: NO_THIRD_PARTIES.recaptcha,
      challengeUrl: RECOMMENDATION_CHALLENGE_PATH,
    });
  });
});

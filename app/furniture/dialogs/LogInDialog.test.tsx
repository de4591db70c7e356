// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NO_THIRD_PARTIES, type ThirdPartyConfig } from "../../../domain/thirdParty";
import { currentCustomer, resetCustomer } from "../../lib/customer";
import { setLogSink, type LogSink } from "../../lib/log";
import { closeDialog, getDialogState, openDialog } from "../../ui/dialogState";
import { TestRoot } from "../furniture.testing";
import {
  GOOGLE_CREDENTIALS_URL,
  renderGoogleButton,
  type CredentialResponse,
  type GoogleIdApi,
} from "./googleSignIn";
import LogInDialog from "./LogInDialog";

// The page's script tags are not the point here: Google's script "loads" at once and
// leaves a stand-in of its API behind, or fails when a test says so.
const loadScript = vi.hoisted(() => vi.fn<(name: string, src: string) => Promise<void>>());
vi.mock("../../integrations/scriptLoader", () => ({ loadScript }));

const GOOGLE: ThirdPartyConfig = {
  ...NO_THIRD_PARTIES,
  googleSignIn: {
    src: "https://accounts.google.com/gsi/client",
    clientId: "1234-shop.apps.googleusercontent.com",
  },
};

const google = {
  initialize: vi.fn<GoogleIdApi["initialize"]>(),
  renderButton: vi.fn<GoogleIdApi["renderButton"]>((parent) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Sign in with Google";
    parent.append(button);
  }),
};

let view: TestRoot;
let logged: Parameters<LogSink>[];
let previousSink: LogSink;
beforeEach(() => {
  view = new TestRoot();
  logged = [];
  previousSink = setLogSink((...entry) => logged.push(entry));
  loadScript.mockImplementation(async () => {
    window.google = { accounts: { id: google } };
  });
  openDialog("LogIn");
});
afterEach(() => {
  view.unmount();
  closeDialog();
  resetCustomer();
  setLogSink(previousSink);
  delete window.google;
  vi.clearAllMocks();
});

const dialog = () => document.querySelector('[data-dialog="LogIn"]');
const container = () => document.querySelector<HTMLElement>("[data-google-button]");
/** The callback Google's button would call with an ID token. */
const googleCallback = () =>
  google.initialize.mock.calls.at(-1)![0].callback as (response: CredentialResponse) => void;

describe("the LogIn dialog's Google button", () => {
  it("is not there, and Google's script is not loaded, when the shop has no Google client id", async () => {
    await view.renderFurniture(<LogInDialog />);
    expect(dialog()).not.toBeNull();
    expect(container()).toBeNull();
    expect(dialog()!.textContent).not.toContain("oder");
    expect(loadScript).not.toHaveBeenCalled();
  });

  it("is drawn by Google's script into its container below the form when a client id is configured", async () => {
    await view.renderFurniture(<LogInDialog />, { thirdParty: GOOGLE });
    expect(container()).not.toBeNull();
    await vi.waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(loadScript).toHaveBeenCalledWith(
      "googleSignIn",
      "https://accounts.google.com/gsi/client",
    );
    expect(google.initialize.mock.calls[0]![0]).toMatchObject({
      client_id: "1234-shop.apps.googleusercontent.com",
      ux_mode: "popup",
    });
    expect(google.renderButton.mock.calls[0]![0]).toBe(container());
    expect(google.renderButton.mock.calls[0]![1]).toMatchObject({ locale: "de-DE" });
    await vi.waitFor(() => expect(dialog()!.textContent).toContain("oder"));
    // The button comes after the password form.
    const form = dialog()!.querySelector("form")!;
    expect(
      form.compareDocumentPosition(container()!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(logged).toEqual([]);
  });

  it("posts the token Google hands over and, logged in, closes the dialog like a password log-in", async () => {
    await view.renderFurniture(<LogInDialog />, { thirdParty: GOOGLE });
    await vi.waitFor(() => expect(google.initialize).toHaveBeenCalled());
    const fetch = vi.fn(async () =>
      Response.json({
        isLoggedIn: true,
        firstName: "Max",
        lastName: "Muster",
        fullName: "Max Muster",
      }),
    );
    vi.stubGlobal("fetch", fetch);
    await act(async () => googleCallback()({ credential: "header.payload.signature" }));
    await vi.waitFor(() => expect(getDialogState().current).toBeNull());
    expect(currentCustomer()).toMatchObject({ isLoggedIn: true, fullName: "Max Muster" });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(GOOGLE_CREDENTIALS_URL);
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ credential: "header.payload.signature" });
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  it("shows the shop's message when the token is refused, and logs nothing", async () => {
    await view.renderFurniture(<LogInDialog />, { thirdParty: GOOGLE });
    await vi.waitFor(() => expect(google.initialize).toHaveBeenCalled());
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            error: "google-failed",
            message: { text: "Die Anmeldung mit Google hat nicht geklappt." },
          },
          { status: 401 },
        ),
      ),
    );
    await act(async () => googleCallback()({ credential: "header.payload.signature" }));
    await vi.waitFor(() =>
      expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBe(
        "Die Anmeldung mit Google hat nicht geklappt.",
      ),
    );
    expect(getDialogState().current).toBe("LogIn");
    expect(logged).toEqual([]);
  });

  it("logs google-not-loaded and leaves the password log-in when Google's script fails", async () => {
    loadScript.mockRejectedValue(new Error("third-party script failed: googleSignIn"));
    await view.renderFurniture(<LogInDialog />, { thirdParty: GOOGLE });
    await vi.waitFor(() => expect(logged.map(([, id]) => id)).toEqual(["google-not-loaded"]));
    expect(logged[0]![0]).toBe("error");
    expect(dialog()!.textContent).toContain("Die Anmeldung mit Google ist gerade nicht verfügbar.");
    expect(dialog()!.querySelector('input[name="password"]')).not.toBeNull();
  });
});

describe("drawing Google's button", () => {
  const options = {
    src: "https://accounts.google.com/gsi/client",
    clientId: "1234-shop.apps.googleusercontent.com",
    locale: "de-DE",
    onCredential: () => {},
  };

  it("names a missing container google-button-not-found, without fetching the script", async () => {
    await expect(
      renderGoogleButton({ ...options, findContainer: () => null }),
    ).rejects.toMatchObject({ reason: "google-button-not-found" });
    expect(loadScript).not.toHaveBeenCalled();
  });

  it("names a script that ran without Google's API google-not-loaded", async () => {
    loadScript.mockResolvedValue(undefined);
    const element = document.createElement("div");
    await expect(
      renderGoogleButton({ ...options, findContainer: () => element }),
    ).rejects.toMatchObject({ reason: "google-not-loaded" });
  });
});

describe("the LogIn dialog's password log-in", () => {
  it("logs a log-in that got no answer from the shop as password-log-in", async () => {
    await view.renderFurniture(<LogInDialog />);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const form = dialog()!.querySelector("form")!;
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "anna@example.de";
    form.querySelector<HTMLInputElement>('input[name="password"]')!.value = "Winterwald-Kerze-42";
    await act(async () =>
      form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })),
    );
    await vi.waitFor(() => expect(logged.map(([, id]) => id)).toEqual(["password-log-in"]));
    expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBe(
      "Die Anmeldung hat nicht geklappt. Bitte versuchen Sie es erneut.",
    );
  });
});

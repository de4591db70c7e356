/**
 * Google Identity Services in the browser: its script loaded once (as a third-party
 * script under the name "googleSignIn", allowed by the CSP when configured), the shop's
 * client set up, and Google's "Sign in with Google" button drawn into a container. What
 * the button hands back is an ID token, which the shop's server checks.
 *
 * No consent is asked for this script: it loads only where the visitor has opened the
 * log-in, for the sign-in they came to do (a necessary function, like the session
 * cookie), never on other pages.
 */
import { loadScript } from "~/integrations/scriptLoader";

/** The shop endpoint that takes Google's ID token and starts a session. */
export const GOOGLE_CREDENTIALS_URL = "/web-api/customer-auth-google-credentials";

/** What Google's button hands over when the visitor has chosen their Google account. */
export interface CredentialResponse {
  credential?: string;
  select_by?: string;
}

/** The part of Google's `google.accounts.id` API the shop uses. */
export interface GoogleIdApi {
  initialize(config: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    ux_mode?: "popup" | "redirect";
    context?: "signin" | "signup" | "use";
    auto_select?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: "standard" | "icon";
      theme?: "outline" | "filled_blue" | "filled_black";
      size?: "large" | "medium" | "small";
      text?: "signin_with" | "signup_with" | "continue_with" | "signin";
      shape?: "rectangular" | "pill" | "circle" | "square";
      logo_alignment?: "left" | "center";
      width?: number;
      locale?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

/** Why Google's button is not there: its script did not run, or there was nowhere to draw it. */
export class GoogleButtonError extends Error {
  constructor(
    readonly reason: "google-not-loaded" | "google-button-not-found",
    cause?: unknown,
  ) {
    super(reason, { cause });
    this.name = "GoogleButtonError";
  }
}

/** The button's width: Google draws it between 200 and 400 pixels wide. */
function buttonWidth(container: HTMLElement): number {
  const width = Math.round(container.getBoundingClientRect().width);
  return Math.min(400, Math.max(200, width || 320));
}

/**
 * Loads Google's script (once per page), sets up the client with the shop's id and draws
 * the button into the container `findContainer` answers once the script has run. Rejects
 * with a GoogleButtonError; `onCredential` is called with each ID token the button hands over.
 */
export async function renderGoogleButton(options: {
  src: string;
  clientId: string;
  locale: string;
  findContainer: () => HTMLElement | null;
  onCredential: (credential: string) => void;
}): Promise<void> {
  // Without a place for the button the script is not even fetched.
  if (!options.findContainer()) throw new GoogleButtonError("google-button-not-found");
  try {
    await loadScript("googleSignIn", options.src);
  } catch (error) {
    throw new GoogleButtonError("google-not-loaded", error);
  }
  const api = window.google?.accounts?.id;
  if (!api) throw new GoogleButtonError("google-not-loaded");
  // The container may have gone while the script loaded (the dialog closed, the page changed).
  const container = options.findContainer();
  if (!container) throw new GoogleButtonError("google-button-not-found");
  // Setting up again replaces the callback: the button that is on screen now answers.
  api.initialize({
    client_id: options.clientId,
    callback: (response) => {
      if (response.credential) options.onCredential(response.credential);
    },
    ux_mode: "popup",
    context: "signin",
    auto_select: false,
  });
  api.renderButton(container, {
    type: "standard",
    theme: "outline",
    size: "large",
    text: "signin_with",
    shape: "rectangular",
    logo_alignment: "left",
    width: buttonWidth(container),
    locale: options.locale,
  });
}

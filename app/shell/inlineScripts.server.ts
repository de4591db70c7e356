/** The texts of the page's inline scripts (see inlineScript.tsx), made once. */
import { VISITOR_KEY_SCRIPT } from "../../domain/cookies";
import { noFlashScript } from "../furniture/action-bar/ActionBar";
import { consentScript } from "../furniture/consent/consentState";
import { noAppBannerScript } from "../furniture/header/AppBanner";
import type { InlineScripts } from "../lib/inlineScript";
import { startScriptsScript } from "./startScripts";

export const INLINE_SCRIPTS: InlineScripts = {
  visitorKey: VISITOR_KEY_SCRIPT,
  appBanner: noAppBannerScript(),
  consent: consentScript(),
  startScripts: startScriptsScript(),
  actionBar: noFlashScript,
};

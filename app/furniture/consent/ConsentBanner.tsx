/**
 * The consent layers, loaded on demand: the banner (accept all, necessary only, or open
 * the settings) and the settings dialog with one switch per category.
 */
import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/i18n";
import { lockScroll, unlockScroll } from "~/ui/scrollLock";
import {
  CONSENT_CATEGORIES,
  readConsentCookie,
  serializeConsent,
  type ConsentChoice,
} from "../../../domain/consent";
import {
  CONSENT_CHOICE_ATTRIBUTE,
  saveConsent,
  setConsentLayer,
  type ConsentLayer,
} from "./consentState";
import { ShopLink } from "~/ui/ShopLink";
import type { SafeLink } from "../types";

const ALL: ConsentChoice = { functional: true, analytics: true, marketing: true };
const NECESSARY_ONLY: ConsentChoice = { functional: false, analytics: false, marketing: false };

function Settings({ privacyLink }: { privacyLink: SafeLink | null }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<ConsentChoice>(
    () => readConsentCookie(document.cookie) ?? NECESSARY_ONLY,
  );
  useEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (el && !el.open) el.showModal();
    lockScroll("consent");
    return () => {
      unlockScroll("consent");
      opener?.focus();
    };
  }, []);
  const close = () => setConsentLayer(readConsentCookie(document.cookie) ? "none" : "banner");
  return (
    <dialog
      ref={dialog}
      className="consent-settings"
      aria-labelledby="consent-settings-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          saveConsent(choice);
        }}
      >
        <h2 id="consent-settings-title">{t("furniture.consent.settingsTitle")}</h2>
        <p>{t("furniture.consent.settingsText")}</p>
        <ul className="consent-settings__list">
          <li>
            <label>
              <input type="checkbox" checked disabled />
              <span>
                <strong>{t("furniture.consent.necessary")}</strong>
                <span>{t("furniture.consent.necessaryText")}</span>
              </span>
            </label>
          </li>
          {CONSENT_CATEGORIES.map((category) => (
            <li key={category}>
              <label>
                <input
                  type="checkbox"
                  name={category}
                  checked={choice[category]}
                  onChange={(event) => setChoice({ ...choice, [category]: event.target.checked })}
                />
                <span>
                  <strong>{t(`furniture.consent.${category}`)}</strong>
                  <span>{t(`furniture.consent.${category}Text`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {privacyLink ? (
          <p>
            <ShopLink link={privacyLink}>{t("furniture.consent.privacy")}</ShopLink>
          </p>
        ) : null}
        <div className="consent__actions">
          <button type="submit" className="button">
            {t("furniture.consent.save")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => saveConsent(ALL)}
          >
            {t("furniture.consent.acceptAll")}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export default function ConsentBanner({
  layer,
  privacyLink,
}: {
  layer: Exclude<ConsentLayer, "none">;
  privacyLink: SafeLink | null;
}) {
  const t = useT();
  if (layer === "settings") return <Settings privacyLink={privacyLink} />;
  return (
    <section className="consent-banner" aria-labelledby="consent-banner-title">
      <div className="consent-banner__inner">
        <div>
          <h2 id="consent-banner-title">{t("furniture.consent.title")}</h2>
          <p>
            {t("furniture.consent.text")}{" "}
            {privacyLink ? (
              <ShopLink link={privacyLink}>{t("furniture.consent.privacy")}</ShopLink>
            ) : null}
          </p>
        </div>
        <div className="consent__actions">
          <button
            type="button"
            className="button"
            {...{ [CONSENT_CHOICE_ATTRIBUTE]: serializeConsent(ALL) }}
            onClick={() => saveConsent(ALL)}
          >
            {t("furniture.consent.acceptAll")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            {...{ [CONSENT_CHOICE_ATTRIBUTE]: serializeConsent(NECESSARY_ONLY) }}
            onClick={() => saveConsent(NECESSARY_ONLY)}
          >
            {t("furniture.consent.necessaryOnly")}
          </button>
          <button
            type="button"
            className="button button--link"
            onClick={() => setConsentLayer("settings")}
          >
            {t("furniture.consent.settings")}
          </button>
        </div>
      </div>
    </section>
  );
}

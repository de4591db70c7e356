import { telHref } from "../../../domain/links";
import { useT } from "~/i18n/i18n";
import { Icon } from "~/ui/Icon";
import { useSiteConfig } from "../siteConfig";
import type { HelpChatData } from "../types";

interface HelpContactProps {
  id: string;
  chat: HelpChatData;
  /** A chat provider is configured: the panel offers to allow comfort cookies and start it. */
  chatOffered: boolean;
  onClose(): void;
  onStartChat(): void;
}

/** The help launcher's contact panel: the hotline, the service address and, where offered, the chat. */
export default function HelpContact({
  id,
  chat,
  chatOffered,
  onClose,
  onStartChat,
}: HelpContactProps) {
  const t = useT();
  const header = useSiteConfig().header;
  const hotline = header?.serviceHotline ?? "";
  const hotlineText = header?.serviceHotlineText ?? "";
  return (
    <section
      id={id}
      className="help-contact"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <div className="help-contact__head">
        <h2 id={`${id}-title`} className="help-contact__title">
          {chat.title || t("furniture.help.title")}
        </h2>
        <button
          type="button"
          className="help-contact__close"
          aria-label={t("common.close")}
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <p>{chat.greeting || t("furniture.help.greeting")}</p>
      <ul className="help-contact__ways">
        {hotline ? (
          <li>
            <a href={telHref(hotline)}>
              {t("furniture.help.phone")}: {hotline}
            </a>
            {hotlineText ? <span className="help-contact__note">{hotlineText}</span> : null}
          </li>
        ) : null}
        {chat.email ? (
          <li>
            <a href={`mailto:${chat.email}`}>
              {t("furniture.help.email")}: {chat.email}
            </a>
          </li>
        ) : null}
      </ul>
      {chatOffered ? (
        <>
          <p className="help-contact__note">{t("furniture.help.chatConsent")}</p>
          <button type="button" className="help-contact__chat" onClick={onStartChat}>
            {t("furniture.help.startChat")}
          </button>
        </>
      ) : null}
    </section>
  );
}

/**
 * CustomerPictures block: customers' photos of what they made, each with their first name
 * and caption, as an editor approved them; below, a logged-in customer shows one of their
 * own (it appears once an editor has looked at it), and anybody else is asked to log in.
 * The photos are in the server's HTML; the form posts without JavaScript too.
 */
import { useState, type FormEvent } from "react";
import { accountPath } from "../../../domain/accountPaths";
import { CUSTOMER_PICTURE_LIMITS } from "../../../domain/customerPictures";
import { useT } from "../../i18n/i18n";
import { useCustomer } from "../../lib/customer";
import { useRootData } from "../../lib/rootData";
import { LocaleLink } from "../../ui/LocaleLink";
import type { BlockProps, CustomerPicturesBlock } from "../types";

const UPLOAD_PATH = "/customer-picture/upload";

type Problem = "missing" | "consent" | "notAnImage" | "tooLarge" | "throttled" | "login" | "failed";
type State = { status: "idle" | "sending" | "sent" } | { status: "failed"; problem: Problem };

const PROBLEM_BY_STATUS: Readonly<Record<number, Problem>> = {
  401: "login",
  413: "tooLarge",
  415: "notAnImage",
  429: "throttled",
};

function Upload({ uid, product }: { uid: string; product: string }) {
  const t = useT();
  const root = useRootData();
  const customer = useCustomer();
  const [state, setState] = useState<State>({ status: "idle" });
  const language = root?.language ?? "de";
  const id = `${uid}-upload`;

  if (!customer.isLoggedIn) {
    return (
      <p className="customer-pictures__login">
        {t("blocks.customerPictures.loginFirst")}{" "}
        <LocaleLink to={accountPath(language, "log-in")}>
          {t("blocks.customerPictures.login")}
        </LocaleLink>
      </p>
    );
  }
  if (state.status === "sent") {
    return (
      <p className="customer-pictures__thanks notice" role="status">
        {t("blocks.customerPictures.thanks")}
      </p>
    );
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === "sending") return;
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) {
      setState({ status: "failed", problem: "missing" });
      return;
    }
    if (file.size > CUSTOMER_PICTURE_LIMITS.maxFileBytes) {
      setState({ status: "failed", problem: "tooLarge" });
      return;
    }
    if (data.get("consent") !== "on") {
      setState({ status: "failed", problem: "consent" });
      return;
    }
    setState({ status: "sending" });
    try {
      const response = await fetch(UPLOAD_PATH, {
        method: "POST",
        headers: { Accept: "application/json" },
        body: data,
      });
      setState(
        response.status === 202
          ? { status: "sent" }
          : { status: "failed", problem: PROBLEM_BY_STATUS[response.status] ?? "failed" },
      );
    } catch {
      setState({ status: "failed", problem: "failed" });
    }
  }

  return (
    <form
      className="customer-pictures__form"
      method="post"
      action={UPLOAD_PATH}
      encType="multipart/form-data"
      aria-labelledby={`${id}-title`}
      onSubmit={send}
    >
      <h3 id={`${id}-title`}>{t("blocks.customerPictures.share")}</h3>
      <input type="hidden" name="product" value={product} />
      <div className="customer-pictures__field">
        <label htmlFor={`${id}-file`}>{t("blocks.customerPictures.file")}</label>
        <input id={`${id}-file`} type="file" name="file" accept="image/*" required />
      </div>
      <div className="customer-pictures__field">
        <label htmlFor={`${id}-caption`}>{t("blocks.customerPictures.caption")}</label>
        <input
          id={`${id}-caption`}
          type="text"
          name="caption"
          maxLength={CUSTOMER_PICTURE_LIMITS.caption}
        />
      </div>
      <div className="customer-pictures__consent">
        <input id={`${id}-consent`} type="checkbox" name="consent" required />
        <label htmlFor={`${id}-consent`}>
          {t("blocks.customerPictures.consent", { name: customer.firstName })}
        </label>
      </div>
      <button type="submit" className="button" disabled={state.status === "sending"}>
        {t(
          state.status === "sending"
            ? "blocks.customerPictures.sending"
            : "blocks.customerPictures.submit",
        )}
      </button>
      <div role="status">
        {state.status === "failed" ? (
          <p className="customer-pictures__problem">
            {t(`blocks.customerPictures.errors.${state.problem}`)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function CustomerPictures({ block }: BlockProps<CustomerPicturesBlock>) {
  const t = useT();
  const titleId = `${block._uid}-title`;
  const items = block.pictures?.items ?? [];
  return (
    <section className="customer-pictures" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.customerPictures.title")}
      </h2>
      {block.intro ? <p className="block-intro">{block.intro}</p> : null}
      {items.length > 0 ? (
        <ul className="customer-pictures__grid">
          {items.map((picture) => (
            <li key={picture.id}>
              <figure className="customer-pictures__picture">
                <a href={picture.large} target="_blank" rel="noopener">
                  <img
                    src={picture.src}
                    alt={
                      picture.caption || t("blocks.customerPictures.alt", { name: picture.name })
                    }
                    width={picture.width}
                    height={picture.height}
                    loading="lazy"
                    decoding="async"
                  />
                </a>
                <figcaption>
                  {picture.caption ? (
                    <span className="customer-pictures__caption">{picture.caption}</span>
                  ) : null}
                  <span className="customer-pictures__name">
                    {t("blocks.customerPictures.by", { name: picture.name })}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      ) : (
        <p className="customer-pictures__empty">{t("blocks.customerPictures.empty")}</p>
      )}
      {block.showUpload ? <Upload uid={block._uid} product={block.product} /> : null}
    </section>
  );
}

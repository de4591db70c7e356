/**
 * A form's submit button that asks once more in a modal dialog before something that cannot
 * be taken back (money returned, an order cancelled). Before the page is interactive it is
 * the plain submit button, so the form works without script. Once hydrated, the button opens
 * the dialog: focus starts on "Back" (the harmless choice), Tab reaches the confirming
 * button, which submits the form; "Back" or Escape closes the dialog, and focus returns to
 * the button that opened it.
 */
import { useId, useRef, useState } from "react";
import { useInBrowser } from "../ui/useInBrowser";

export function ConfirmSubmit({
  label,
  confirm,
  question,
  className = "admin__button",
}: {
  /** The button's text in the form. */
  label: string;
  /** The confirming button's text in the dialog. */
  confirm: string;
  /** The dialog's question, from the form as it is filled in when the dialog opens. */
  question: (form: HTMLFormElement | null) => string;
  className?: string;
}) {
  // The plain button in the server's HTML and while hydrating; the dialog once it runs.
  const enhanced = useInBrowser();
  const [asked, setAsked] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  if (!enhanced) {
    return (
      <button className={className} type="submit">
        {label}
      </button>
    );
  }
  return (
    <>
      <button
        ref={opener}
        className={className}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(question(opener.current?.form ?? null));
          dialog.current?.showModal();
          back.current?.focus();
        }}
      >
        {label}
      </button>
      <dialog
        ref={dialog}
        className="admin__dialog"
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
      >
        <h2 id={titleId}>{asked}</h2>
        <div className="admin__actions">
          <button
            ref={back}
            className="admin__button admin__button--quiet"
            type="button"
            onClick={() => dialog.current?.close()}
          >
            Back
          </button>
          {/* Inside the form: it submits the form the dialog belongs to. */}
          <button className={className} type="submit" onClick={() => dialog.current?.close()}>
            {confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}

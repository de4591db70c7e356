/**
 * The modal dialog: shown while the dialog state names its type (one at a
 * time, see dialogState.ts); page scrolling is locked while it is open; focus moves into
 * it, stays in it (Tab wraps) and returns to where it was; Escape, the close button and
 * a click on the backdrop close it.
 */
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "../i18n/i18n";
import { closeDialog, useDialogState, type DialogType } from "./dialogState";
import { Icon } from "./Icon";
import { lockScroll, unlockScroll } from "./scrollLock";
import "./dialog.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements of a container, in tab order. */
function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest("[hidden]") && el.getClientRects().length > 0,
  );
}

function DialogPanel({
  type,
  title,
  children,
}: {
  type: DialogType;
  title: string;
  children: ReactNode;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    lockScroll(`dialog-${type}`);
    // Focus moves to the first field of the content, else the close button.
    const body = dialog.querySelector<HTMLElement>(".dialog__body");
    const first = (body && focusables(body)[0]) ?? focusables(dialog)[0];
    first?.focus();
    return () => {
      unlockScroll(`dialog-${type}`);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [type]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      data-dialog={type}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        closeDialog(type);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeDialog(type);
      }}
      onKeyDown={(event) => {
        if (event.key !== "Tab") return;
        const items = focusables(event.currentTarget);
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="dialog__panel">
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="dialog__close"
            aria-label={t("common.close")}
            onClick={() => closeDialog(type)}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

/** A dialog of a type; it renders only while that type is the open dialog. */
export function Dialog({
  type,
  title,
  children,
}: {
  type: DialogType;
  title: string;
  children: ReactNode;
}) {
  const { current } = useDialogState();
  if (current !== type) return null;
  return (
    <DialogPanel type={type} title={title}>
      {children}
    </DialogPanel>
  );
}

/**
 * Whether the footer's code has hydrated it, and a form a shopper sent before that. Until
 * then React ignores events inside the footer, and the browser would send its newsletter
 * form as a plain page request (the page reloads, the address lands in the address bar and
 * the sign-up is lost). The island holds such a form back and it is sent once the code is
 * here.
 */
let ready = false;
let waiting: HTMLFormElement | null = null;

export function isFooterReady(): boolean {
  return ready;
}

/** Keeps a form sent before the footer's code arrived, to send it then (the latest wins). */
export function holdFooterForm(form: HTMLFormElement): void {
  waiting = form;
}

/** The footer's code has hydrated it: marks the island and sends a form held back. */
export function footerReady(island: Element | null): void {
  ready = true;
  island?.setAttribute("data-interactive", "");
  const form = waiting;
  waiting = null;
  if (form?.isConnected) form.requestSubmit();
}

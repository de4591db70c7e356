/**
 * The studio's auto-fill off the page's main thread: laying hundreds of photos into a
 * hundred pages takes long enough to stop the page answering, so it runs here and the page
 * only puts the answer on screen (autofillClient.ts starts this worker).
 */
import { runAutofillJob, type AutofillJob } from "./autofillJob";

self.onmessage = (event: MessageEvent<AutofillJob>) => {
  self.postMessage(runAutofillJob(event.data));
};

/**
 * Whether this component runs in the browser: false while the server renders and while the
 * page hydrates (so the first browser render matches the server's HTML), true from the
 * render after that on, and at once in a component first mounted in the running page.
 * Nothing ever changes it, so there is nothing to subscribe to.
 */
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export function useInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}

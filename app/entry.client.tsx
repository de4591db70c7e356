import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { ClientInstrumentation } from "react-router";
import { HydratedRouter } from "react-router/dom";

declare global {
  interface Window {
    /**
     * Runs before each client-side navigation; false leaves the navigation to the page
     * (set by the app's NavigationScroll: see beforeNavigate in lib/navigation.ts). A
     * global rather than an import, so this entry shares no app module with the routes.
     */
    __shopBeforeNavigate?: (to: string) => Promise<boolean>;
  }
}

/** Created once: the router is instrumented when it is created. */
const instrumentations: ClientInstrumentation[] = [
  {
    router({ instrument }) {
      instrument({
        async navigate(navigate, { to }) {
          const check = window.__shopBeforeNavigate;
          // The router must not run a navigation the check took over (it never settles).
          if (typeof to === "string" && check && !(await check(to))) {
            return new Promise<void>(() => {});
          }
          await navigate();
        },
      });
    },
  },
];

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={instrumentations} />
    </StrictMode>,
  );
});

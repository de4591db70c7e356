/**
 * The error page as the error boundaries show it. Its code (and that of the error story's
 * blocks) loads only where an error is shown, not with every page. Until it is here:
 * - on a page the server rendered, its HTML stays as it is (its links work), then it
 *   hydrates. Should React have to draw the page before (something above it changed), it
 *   draws a copy of that HTML taken before hydration (lazyBlock's), never an empty page;
 * - after a client-side navigation, a plain page shows at once: the error's title and a
 *   link that loads the address anew.
 * When the code cannot load (offline, where many errors of a client-side navigation come
 * from), the page is not reloaded, which would trade it for the browser's offline page: the
 * plain page shows, and its link is the shopper's to try again.
 */
import { createElement, Suspense, use, type ComponentProps, type ComponentType } from "react";
import { ServerHtml, serverHtml } from "../blocks/lazyBlock";
import { useT } from "../i18n/i18n";
import { loadWithoutReload, loadedOnServer } from "../lib/navigation";
import type { ErrorPage as ErrorPageComponent } from "./ErrorPage";
import { errorStatus } from "./errorStatus";

type ErrorPageProps = ComponentProps<typeof ErrorPageComponent>;
/** The page's component, or undefined when its code could not be loaded. */
type Code = Promise<ComponentType<ErrorPageProps> | undefined>;

/** The name of the page's wrapper among the lazily loaded parts (its server HTML is kept). */
const NAME = "error-page";

let code: Code | undefined;

function Page(props: ErrorPageProps) {
  // Loaded once. A failure is not tried again in this visit (the plain page's link loads the
  // address anew); the server's HTML gives way to the plain page.
  const Loaded = use(
    (code ??= loadWithoutReload(() => import("./ErrorPage")).then(
      (module) => module.ErrorPage,
      () => void serverHtml.delete(NAME),
    )),
  );
  return Loaded ? createElement(Loaded, props) : <Meanwhile error={props.error} />;
}

/**
 * What shows while the code is not here: the copy of the server's HTML of the page the
 * server drew, else a plain page, the error's title and a link that loads the current
 * address anew (empty href). Once the code is here no later error page waits for it, so a
 * copy left from the first page is never shown for another error.
 */
function Meanwhile({ error }: { error: unknown }) {
  const t = useT();
  const saved = serverHtml.get(NAME);
  return saved === undefined ? (
    <section className="error-page">
      <h1>{t(errorStatus(error) === 404 ? "error.notFoundTitle" : "error.serverTitle")}</h1>
      <a className="button" href="">
        {t("error.retry")}
      </a>
    </section>
  ) : (
    <ServerHtml html={saved} />
  );
}

function InBrowser(props: ErrorPageProps) {
  return (
    <div className="lazy-block" data-lazy-block={NAME}>
      <Suspense fallback={<Meanwhile error={props.error} />}>
        <Page {...props} />
      </Suspense>
    </div>
  );
}

/** On the server the page renders in full, in place. */
function onServer(): ComponentType<ErrorPageProps> {
  const Loaded = loadedOnServer<ErrorPageProps>(() =>
    import("./ErrorPage").then((module) => ({ default: module.ErrorPage })),
  );
  return function OnServer(props: ErrorPageProps) {
    return (
      <div className="lazy-block" data-lazy-block={NAME}>
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </div>
    );
  };
}

// Vite's SSR flag: the browser's bundle leaves the server's way out.
export const LazyErrorPage = import.meta.env.SSR ? onServer() : InBrowser;

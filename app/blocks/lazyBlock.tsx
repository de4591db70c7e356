/**
 * Blocks whose code loads only on pages that have them (the catalogue blocks), so the
 * home page does not carry it. The server renders such a block in full; in the browser
 * its HTML stays as it is until the code is here, then it hydrates. A block made with
 * `whenNear` (one that does nothing until the visitor reaches it, like the video) loads its
 * code only once it comes near the viewport.
 *
 * Should React have to render the block before its code arrived (something above it
 * changed during hydration), it shows a copy of the block's server HTML, taken before
 * hydration, instead of nothing, so the page does not jump.
 */
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from "react";
import { lazyWithReload } from "../lib/navigation";
import type { BlockProps, PreparedBlock } from "./types";

/** How far below the viewport a `whenNear` block starts loading its code. */
const LOAD_MARGIN_PX = 600;

/**
 * The server HTML of each lazily loaded part as the page arrived, by the name in its
 * wrapper's `data-lazy-block` (a block's uid; the error page's wrapper has one too).
 */
export const serverHtml = new Map<string, string>();
if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll<HTMLElement>("[data-lazy-block]")) {
    serverHtml.set(element.dataset.lazyBlock ?? "", element.innerHTML);
  }
}

/** The block's own first element: the wrappers lay out as if absent and have no box. */
function blockElement(wrapper: HTMLElement): Element | null {
  let element = wrapper.firstElementChild;
  while (element?.classList.contains("lazy-block")) element = element.firstElementChild;
  return element;
}

/** Calls `reveal` once `wrapper`'s block is within the load margin of the viewport. */
function whenNearViewport(wrapper: HTMLElement, reveal: () => void): () => void {
  const element = blockElement(wrapper);
  const near = (top: number, bottom: number) =>
    bottom >= -LOAD_MARGIN_PX && top <= window.innerHeight + LOAD_MARGIN_PX;
  const box = element?.getBoundingClientRect();
  if (
    !element ||
    !box ||
    near(box.top, box.bottom) ||
    typeof IntersectionObserver === "undefined"
  ) {
    reveal();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        reveal();
      }
    },
    { rootMargin: `${LOAD_MARGIN_PX}px 0px` },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * A Suspense fallback that draws a copy of a lazily loaded part's server HTML (nothing when
 * there is none), so the page keeps its content while the part's code is on its way.
 */
export function ServerHtml({ html }: { html: string | undefined }) {
  return <div className="lazy-block" dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
}

export function lazyBlock<B extends PreparedBlock>(
  load: () => Promise<ComponentType<BlockProps<B>>>,
  { whenNear = false }: { whenNear?: boolean } = {},
): (props: BlockProps<B>) => ReactNode {
  let reveal = () => {};
  const wanted =
    whenNear && typeof document !== "undefined"
      ? new Promise<void>((resolve) => (reveal = resolve))
      : Promise.resolve();
  const Block = lazyWithReload<BlockProps<B>>(() =>
    wanted.then(load).then((block) => ({ default: block })),
  );
  return function LazyBlock(props: BlockProps<B>) {
    const uid = props.block._uid;
    const wrapper = useRef<HTMLDivElement>(null);
    useEffect(() => {
      if (!whenNear || !wrapper.current) return;
      return whenNearViewport(wrapper.current, reveal);
    }, []);
    return (
      <div ref={wrapper} className="lazy-block" data-lazy-block={uid}>
        <Suspense fallback={<ServerHtml html={serverHtml.get(uid)} />}>
          <Block {...props} />
        </Suspense>
      </div>
    );
  };
}

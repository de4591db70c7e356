/**
 * Blocks whose code loads only on pages that have them (the catalogue blocks), so the
 * home page does not carry it. The server renders such a block in full; in the browser
 * its HTML stays as it is until the code is here, then it hydrates.
 *
 * Should React have to render the block before its code arrived (something above it
 * changed during hydration), it shows a copy of the block's server HTML, taken before
 * hydration, instead of nothing, so the page does not jump.
 */
import { Suspense, type ComponentType, type ReactNode } from "react";
import { lazyWithReload } from "../lib/navigation";
import type { BlockProps, PreparedBlock } from "./types";

/** The server HTML of each lazy block as the page arrived, by block uid. */
const serverHtml = new Map<string, string>();
if (typeof document !== "undefined") {
  for (const element of document.querySelectorAll<HTMLElement>("[data-lazy-block]")) {
    serverHtml.set(element.dataset.lazyBlock ?? "", element.innerHTML);
  }
}

export function lazyBlock<B extends PreparedBlock>(
  load: () => Promise<ComponentType<BlockProps<B>>>,
): (props: BlockProps<B>) => ReactNode {
  const Block = lazyWithReload<BlockProps<B>>(() => load().then((block) => ({ default: block })));
  return function LazyBlock(props: BlockProps<B>) {
    const uid = props.block._uid;
    return (
      <div className="lazy-block" data-lazy-block={uid}>
        <Suspense
          fallback={
            <div
              className="lazy-block"
              dangerouslySetInnerHTML={{ __html: serverHtml.get(uid) ?? "" }}
            />
          }
        >
          <Block {...props} />
        </Suspense>
      </div>
    );
  };
}

/**
 * Renders a page's prepared body (see prepare.server.ts) block by block through the
 * registry. A block the registry does not know is logged once and skipped; in preview,
 * `prepareContent` keeps it as a marker that an editor sees.
 */
import type { ComponentType } from "react";
import { useT } from "../i18n/i18n";
import { logError } from "../lib/log";
import { BLOCK_REGISTRY, isBlockName } from "./registry";
import type { BlockProps, PreparedBlock, UnknownBlockMarker } from "./types";
import "./blocks.css";

export type { PreparedBlock } from "./types";

const reported = new Set<string>();

function isMarker(block: PreparedBlock): block is UnknownBlockMarker {
  return (block as Partial<UnknownBlockMarker>)._unknown === true;
}

function EditorMarker({ block }: { block: UnknownBlockMarker }) {
  const t = useT();
  return (
    <div className="block-unknown" role="note" data-reason={block.reason}>
      {t("blocks.unknownBlock", { name: block.component })}
    </div>
  );
}

export function PageBody({ body }: { body: PreparedBlock[] }) {
  return (
    <div className="page-body">
      {body.map((block, index) => {
        const key = block._uid || `${block.component}-${index}`;
        if (isMarker(block)) return <EditorMarker key={key} block={block} />;
        if (!isBlockName(block.component)) {
          if (!reported.has(block.component)) {
            reported.add(block.component);
            logError("unknown-block", undefined, { component: block.component });
          }
          return null;
        }
        const Component = BLOCK_REGISTRY[block.component] as ComponentType<
          BlockProps<PreparedBlock>
        >;
        return <Component key={key} block={block} index={index} />;
      })}
    </div>
  );
}

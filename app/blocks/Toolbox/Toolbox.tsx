/**
 * Toolbox block: the tools a shopper can use on their own photos (optimise for print,
 * convert the format, photos to PDF), each a form that posts the files to the shop. With
 * the script the result is announced in place with its download link; without it the
 * form posts as it is and the browser downloads the result.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT } from "../../i18n/i18n";
import { useRootData } from "../../lib/rootData";
import {
  CONVERT_TARGETS,
  TOOLBOX_LIMITS,
  TOOLBOX_PATHS,
  type ToolboxOperation,
} from "../../../domain/toolbox";
import type { BlockProps, ToolboxBlock } from "../types";

const MAX_MB = TOOLBOX_LIMITS.maxFileBytes / 1024 / 1024;
const TARGET_LABELS = { jpeg: "JPEG", png: "PNG", webp: "WebP" } as const;

type Problem = "missing" | "tooMany" | "tooLarge" | "notAnImage" | "throttled" | "failed";

type State =
  | { status: "idle" }
  | { status: "working" }
  | { status: "done"; filename: string; bytes: number; downloadUrl: string }
  | { status: "failed"; problem: Problem };

const PROBLEM_BY_STATUS: Readonly<Record<number, Problem>> = {
  400: "missing",
  413: "tooLarge",
  415: "notAnImage",
  429: "throttled",
};

/** What is wrong with the chosen files before they are sent, if anything. */
function checkFiles(files: File[], tool: ToolboxOperation): Problem | null {
  if (files.length === 0) return "missing";
  if (tool === "convert-pdf" && files.length > TOOLBOX_LIMITS.maxPdfImages) return "tooMany";
  return files.some((file) => file.size > TOOLBOX_LIMITS.maxFileBytes) ? "tooLarge" : null;
}

function Tool({ uid, tool }: { uid: string; tool: ToolboxOperation }) {
  const t = useT();
  const locale = useRootData()?.locale;
  const [state, setState] = useState<State>({ status: "idle" });
  const id = `${uid}-${tool}`;
  const pdf = tool === "convert-pdf";
  const field = pdf ? "files" : "file";

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.status === "working") return;
    const data = new FormData(event.currentTarget);
    const files = data.getAll(field).filter((f): f is File => f instanceof File && f.size > 0);
    const problem = checkFiles(files, tool);
    if (problem) {
      setState({ status: "failed", problem });
      return;
    }
    setState({ status: "working" });
    try {
      const response = await fetch(TOOLBOX_PATHS[tool], {
        method: "POST",
        headers: { Accept: "application/json" },
        body: data,
      });
      if (response.status !== 201) {
        setState({ status: "failed", problem: PROBLEM_BY_STATUS[response.status] ?? "failed" });
        return;
      }
      const result = (await response.json()) as {
        filename: string;
        bytes: number;
        downloadUrl: string;
      };
      setState({ status: "done", ...result });
    } catch {
      setState({ status: "failed", problem: "failed" });
    }
  }

  const size = (bytes: number) =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit: bytes >= 1024 * 1024 ? "megabyte" : "kilobyte",
      maximumFractionDigits: 1,
    }).format(bytes >= 1024 * 1024 ? bytes / 1024 / 1024 : Math.max(1, bytes / 1024));

  return (
    <form
      className="toolbox__tool"
      method="post"
      action={TOOLBOX_PATHS[tool]}
      encType="multipart/form-data"
      aria-labelledby={`${id}-name`}
      onSubmit={send}
    >
      <h3 id={`${id}-name`} className="toolbox__name">
        {t(`blocks.toolbox.${tool}.name`)}
      </h3>
      <p className="toolbox__text">
        {t(`blocks.toolbox.${tool}.text`, { max: TOOLBOX_LIMITS.maxPdfImages })}
      </p>
      <div className="toolbox__field">
        <label htmlFor={`${id}-file`}>
          {t(pdf ? "blocks.toolbox.files" : "blocks.toolbox.file")}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name={field}
          accept="image/*"
          multiple={pdf}
          required
          onChange={() => setState({ status: "idle" })}
        />
      </div>
      {tool === "convert-file" ? (
        <div className="toolbox__field">
          <label htmlFor={`${id}-to`}>{t("blocks.toolbox.to")}</label>
          <select id={`${id}-to`} name="to" defaultValue="jpeg">
            {CONVERT_TARGETS.map((target) => (
              <option key={target} value={target}>
                {TARGET_LABELS[target]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className="button" disabled={state.status === "working"}>
        {t(state.status === "working" ? "blocks.toolbox.working" : "blocks.toolbox.submit")}
      </button>
      <div className="toolbox__result" role="status">
        {state.status === "done" ? (
          <p>
            {t("blocks.toolbox.done", { filename: state.filename, size: size(state.bytes) })}{" "}
            <a href={state.downloadUrl} download={state.filename}>
              {t("blocks.toolbox.download")}
            </a>
          </p>
        ) : state.status === "failed" ? (
          <p className="toolbox__problem">
            {t(`blocks.toolbox.errors.${state.problem}`, { max: TOOLBOX_LIMITS.maxPdfImages })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

export function Toolbox({ block }: BlockProps<ToolboxBlock>) {
  const t = useT();
  const titleId = `${block._uid}-title`;
  const sectionRef = useRef<HTMLElement>(null);
  // From here on the forms send in place (a sign for tests: the code has loaded).
  useEffect(() => {
    sectionRef.current?.setAttribute("data-interactive", "");
  }, []);
  return (
    <section ref={sectionRef} className="toolbox" aria-labelledby={titleId}>
      <h2 id={titleId} className="block-title">
        {block.headline || t("blocks.toolbox.title")}
      </h2>
      {block.intro ? <p className="block-intro">{block.intro}</p> : null}
      <p className="toolbox__limits">{t("blocks.toolbox.limits", { mb: MAX_MB })}</p>
      <div className="toolbox__tools">
        {block.tools.map((tool) => (
          <Tool key={tool} uid={block._uid} tool={tool} />
        ))}
      </div>
    </section>
  );
}

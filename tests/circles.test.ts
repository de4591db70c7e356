/**
 * No import circles anywhere in the tree, type-only imports, re-exports, `import()` and
 * `require()` included. Lint keeps the arrows between folders one way; a circle between two
 * files of one folder is invisible to it, and this test finds those. A circle is reported
 * as the files it runs through, so the fix is to move the shared part below both.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "cms", "config", "db", "domain", "server", "scripts", "tests"];
const SOURCE = /\.(?:ts|tsx|js|mjs|cjs)$/;
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx", "/index.js"];

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The file an import specifier names, or null for a package or something not in the tree. */
function resolveSpecifier(from: string, specifier: string, known: Set<string>): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(ROOT, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  // A `.js` specifier may name the TypeScript file beside it.
  const stems = [base, base.replace(/\.(?:js|mjs)$/, "")];
  for (const stem of stems)
    for (const ext of EXTENSIONS) if (known.has(stem + ext)) return stem + ext;
  return null;
}

/** Every file each file imports, in any form. */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles
      .map((f) => resolveSpecifier(file, f.fileName, known))
      .filter((f): f is string => f !== null && f !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan's algorithm), each a circle. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<[string, number]> = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const [node, i] = frame;
      if (i === 0 && !index.has(node)) {
        index.set(node, next);
        low.set(node, next++);
        stack.push(node);
        onStack.add(node);
      }
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] = i + 1;
        const to = edges[i]!;
        if (!index.has(to)) work.push([to, 0]);
        else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0])!, low.get(node)!));
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1) found.push(group.sort());
      }
    }
  }
  return found;
}

describe("import circles", () => {
  it("finds a circle through three files and none in a chain", () => {
    const circle = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(circles(circle)).toEqual([["a", "b", "c"]]);
    const chain = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", []],
    ]);
    expect(circles(chain)).toEqual([]);
  });

  it("reads type-only imports, re-exports, import() and require() as arrows", () => {
    const info = ts.preProcessFile(
      [
        'import type { A } from "./a";',
        'export { B } from "./b";',
        'const c = await import("./c");',
        'const d = require("./d");',
      ].join("\n"),
      true,
      true,
    );
    expect(info.importedFiles.map((f) => f.fileName).sort()).toEqual(["./a", "./b", "./c", "./d"]);
  });

  it("the whole tree has no import circle", () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(400);
    const graph = importGraph(files);
    // The resolver works: most files import another file of the tree.
    const arrows = [...graph.values()].reduce((n, targets) => n + targets.length, 0);
    expect(arrows).toBeGreaterThan(files.length);
    const named = circles(graph).map((group) => group.map((file) => relative(ROOT, file)));
    expect(named).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { topAreas } from "./renderProfile.js";

/** A profile node: id, function, script and the nodes it called. */
function node(id: number, functionName: string, url: string, children: number[] = []) {
  return { id, callFrame: { functionName, url, lineNumber: 0 }, children };
}

/**
 * A request's stacks: the HTTP server calls React Router's handler, which runs a loader
 * (the shop's code) and React's render; the render writes the loader data (turbo-stream)
 * and a link. Each leaf is sampled for the milliseconds given.
 */
const BUILD = "file:///shop/build/server/index.js";
const PROFILE = {
  nodes: [
    node(1, "(root)", "", [2, 9, 10]),
    node(2, "emit", "node:_http_server", [3]),
    node(3, "fetch", "file:///shop/node_modules/hono/dist/hono-base.js", [4]),
    node(4, "handler", "file:///shop/node_modules/react-router/dist/server.js", [5, 6]),
    node(5, "loadContentPage", BUILD),
    node(
      6,
      "retryNode",
      "file:///shop/node_modules/react-dom/cjs/react-dom-server.node.js",
      [7, 8],
    ),
    node(7, "flatten", "file:///shop/node_modules/react-router/vendor/turbo-stream.js"),
    node(8, "LinkWithRef", "file:///shop/node_modules/react-router/dist/lib/dom/lib.js"),
    node(9, "(garbage collector)", ""),
    node(10, "(idle)", ""),
  ],
  startTime: 0,
  // One sample a millisecond: [leaf, ms].
  ...(() => {
    const plan: [number, number][] = [
      [3, 1],
      [5, 2],
      [6, 4],
      [7, 3],
      [8, 1],
      [9, 1],
      [10, 5],
    ];
    const samples = plan.flatMap(([id, ms]) => Array<number>(ms).fill(id));
    return { samples, timeDeltas: samples.map(() => 1000) };
  })(),
};

describe("a render profile by part of the work", () => {
  it("counts each sample for the most specific part on its stack, idle time left out", () => {
    const areas = Object.fromEntries(topAreas(PROFILE).map((area) => [area.name, area.ms]));
    expect(areas).toEqual({
      "React's render of the page (components, markup, writing it out)": 4,
      "loader data: React Router's turbo-stream encoding and its script": 3,
      "loaders, middleware and the shop's other code": 2,
      "links: React Router's Link": 1,
      "HTTP server and routing (Node's http, Hono)": 1,
      "garbage collection": 1,
    });
  });

  it("puts the most expensive part first, with its share of the busy time", () => {
    const [first] = topAreas(PROFILE);
    expect(first?.name).toBe("React's render of the page (components, markup, writing it out)");
    expect(first?.share).toBeCloseTo(4 / 12);
  });
});

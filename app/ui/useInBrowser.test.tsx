// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { useInBrowser } from "./useInBrowser";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** Each value the hook gave, render by render. */
const seen: boolean[] = [];

function Probe() {
  const inBrowser = useInBrowser();
  seen.push(inBrowser);
  return <p>{inBrowser ? "browser" : "server"}</p>;
}

let container: HTMLDivElement;
let root: Root | undefined;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  seen.length = 0;
});

describe("useInBrowser", () => {
  it("is false on the server and while hydrating, then true without a mismatch", async () => {
    container = document.createElement("div");
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    expect(container.textContent).toBe("server");
    expect(seen).toEqual([false]);

    seen.length = 0;
    const recovered: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Probe />, { onRecoverableError: (e) => recovered.push(e) });
    });
    expect(recovered).toEqual([]);
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.textContent).toBe("browser");
  });

  it("is true at once in a component first mounted in the running page", async () => {
    container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe />);
    });
    expect(seen).toEqual([true]);
    expect(container.textContent).toBe("browser");
  });
});

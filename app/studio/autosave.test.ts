import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Autosaver, type SaveState } from "./autosave";

class Conflict extends Error {}

function setup(save: (doc: string, version: number) => Promise<number>) {
  const states: SaveState[] = [];
  const saver = new Autosaver<string>(1, {
    save,
    isConflict: (e) => e instanceof Conflict,
    onState: (s) => states.push(s),
    delayMs: 1000,
    maxWaitMs: 5000,
    retryMs: 3000,
  });
  return { saver, states };
}

describe("studio autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves once, a while after the last change, over the version it has", async () => {
    const save = vi.fn(async (_doc: string, version: number) => version + 1);
    const { saver, states } = setup(save);
    saver.change("a", Date.now());
    await vi.advanceTimersByTimeAsync(600);
    saver.change("b", Date.now());
    await vi.advanceTimersByTimeAsync(600);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith("b", 1);
    expect(saver.currentVersion).toBe(2);
    expect(states.at(-1)).toBe("saved");
  });

  it("saves at the latest after the longest wait while changes keep coming", async () => {
    const save = vi.fn(async (_doc: string, version: number) => version + 1);
    const { saver } = setup(save);
    for (let i = 0; i < 12; i++) {
      saver.change(`d${i}`, Date.now());
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toBe("d9");
  });

  it("runs one save at a time and sends a change made meanwhile over the new version", async () => {
    let finish: (v: number) => void = () => {};
    const save = vi.fn(
      (_doc: string, _version: number) => new Promise<number>((resolve) => (finish = resolve)),
    );
    const { saver } = setup(save);
    saver.change("a", Date.now());
    await vi.advanceTimersByTimeAsync(1000);
    saver.change("b", Date.now());
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
    finish(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]).toEqual(["b", 2]);
  });

  it("stops on a stale version until the shopper chooses, then saves theirs over the newer one", async () => {
    const save = vi.fn(async (doc: string, version: number) => {
      if (version === 1) throw new Conflict();
      return version + 1;
    });
    const { saver, states } = setup(save);
    saver.change("mine", Date.now());
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)).toBe("conflict");
    saver.change("more", Date.now());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.resolve(7, "more");
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith("more", 7);
    expect(saver.currentVersion).toBe(8);
    expect(states.at(-1)).toBe("saved");
  });

  it("retries after a failure and flushes what is unsaved on demand", async () => {
    let fail = true;
    const save = vi.fn(async (_doc: string, version: number) => {
      if (fail) throw new Error("offline");
      return version + 1;
    });
    const { saver, states } = setup(save);
    saver.change("a", Date.now());
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.at(-1)).toBe("error");
    expect(saver.dirty).toBe(true);
    fail = false;
    await vi.advanceTimersByTimeAsync(3000);
    expect(states.at(-1)).toBe("saved");
    saver.change("b", Date.now());
    expect(await saver.flush()).toBe("saved");
    expect(save).toHaveBeenLastCalledWith("b", 2);
  });
});

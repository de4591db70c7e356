import { describe, expect, it } from "vitest";
import {
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  createHistory,
  historyKey,
  record,
  redo,
  replacePresent,
  undo,
} from "./history";

/** A history with the states 0..n recorded one by one. */
function counted(n: number, limit?: number) {
  let h = createHistory({ n: 0 });
  for (let i = 1; i <= n; i++) h = record(h, { n: i }, { limit });
  return h;
}

describe("studio history", () => {
  it("undoes and redoes at least 50 steps back to the very first state", () => {
    let h = counted(60);
    for (let i = 0; i < 60; i++) h = undo(h);
    expect(h.present).toEqual({ n: 0 });
    expect(canUndo(h)).toBe(false);
    for (let i = 0; i < 60; i++) h = redo(h);
    expect(h.present).toEqual({ n: 60 });
    expect(canRedo(h)).toBe(false);
  });

  it("forgets the oldest steps beyond its limit", () => {
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    let h = counted(12, 10);
    expect(h.past).toHaveLength(10);
    while (canUndo(h)) h = undo(h);
    expect(h.present).toEqual({ n: 2 });
  });

  it("drops the undone steps when a new change is made", () => {
    let h = undo(undo(counted(3)));
    expect(h.present).toEqual({ n: 1 });
    h = record(h, { n: 9 });
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toEqual({ n: 1 });
  });

  it("merges the changes of one gesture into one step", () => {
    let h = createHistory("a");
    h = record(h, "b", { group: "drag-1" });
    h = record(h, "c", { group: "drag-1" });
    h = record(h, "d", { group: "drag-1" });
    expect(undo(h).present).toBe("a");
    h = record(h, "e", { group: "drag-2" });
    expect(undo(h).present).toBe("d");
  });

  it("does not merge a change into a step that was undone and redone", () => {
    let h = record(createHistory("a"), "b", { group: "g" });
    h = redo(undo(h));
    h = record(h, "c", { group: "g" });
    expect(undo(h).present).toBe("b");
  });

  it("takes an unchanged state as no step", () => {
    const state = { n: 1 };
    const h = record(createHistory(state), state);
    expect(canUndo(h)).toBe(false);
  });

  it("replaces the present without making a step", () => {
    const h = replacePresent(record(createHistory(1), 2), 3);
    expect(h.present).toBe(3);
    expect(undo(h).present).toBe(1);
  });

  it("reads Ctrl/Cmd+Z as undo, Shift+Ctrl+Z and Ctrl+Y as redo", () => {
    const key = (
      key: string,
      mods: Partial<Record<"ctrlKey" | "metaKey" | "shiftKey" | "altKey", boolean>>,
    ) =>
      historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(key("z", { ctrlKey: true })).toBe("undo");
    expect(key("z", { metaKey: true })).toBe("undo");
    expect(key("Z", { ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(key("y", { ctrlKey: true })).toBe("redo");
    expect(key("z", {})).toBeNull();
    expect(key("z", { ctrlKey: true, altKey: true })).toBeNull();
    expect(key("x", { ctrlKey: true })).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { closeDialog, getDialogState, openDialog, setDialogsBlocked } from "./dialogState";

describe("the dialog state", () => {
  beforeEach(() => {
    setDialogsBlocked(false);
    closeDialog();
  });

  it("shows one dialog at a time: a new type replaces the current one", () => {
    expect(openDialog("LogIn")).toBe(true);
    expect(openDialog("CalculatorMoreFormats")).toBe(true);
    expect(getDialogState().current).toBe("CalculatorMoreFormats");
  });

  it("closes only the open type", () => {
    openDialog("LogIn");
    closeDialog("CalculatorMoreFormats");
    expect(getDialogState().current).toBe("LogIn");
    closeDialog("LogIn");
    expect(getDialogState().current).toBeNull();
  });

  it("can be blocked unless forced", () => {
    setDialogsBlocked(true);
    expect(openDialog("LogIn")).toBe(false);
    expect(getDialogState().current).toBeNull();
    expect(openDialog("LogIn", { force: true })).toBe(true);
    expect(getDialogState().current).toBe("LogIn");
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { changedSinceServer } from "./earlyInput";

/** A form as the server's HTML has it: the attributes are the server's values. */
function serverForm(): HTMLFormElement {
  const form = document.createElement("form");
  form.innerHTML = `
    <input type="hidden" name="kind" value="card">
    <input type="radio" name="size" value="a6" checked>
    <input type="radio" name="size" value="a5">
    <select name="paper"><option value="matt">matt</option><option value="gloss" selected>gloss</option></select>
    <input type="number" name="quantity" value="1">
    <input type="checkbox" name="sample" value="true">
    <textarea name="note">hello</textarea>`;
  return form;
}

const field = <E extends Element>(form: HTMLFormElement, selector: string) =>
  form.querySelector<E & Element>(selector)!;

describe("changedSinceServer", () => {
  it("finds nothing in a form that shows the server's values", () => {
    expect(changedSinceServer(serverForm())).toEqual([]);
  });

  it("names each field the shopper changed, with its value now, in the form's order", () => {
    const form = serverForm();
    field<HTMLInputElement>(form, 'input[value="a5"]').checked = true;
    field<HTMLSelectElement>(form, "select").value = "matt";
    field<HTMLInputElement>(form, 'input[name="quantity"]').value = "4";
    field<HTMLInputElement>(form, 'input[name="sample"]').checked = true;
    field<HTMLTextAreaElement>(form, "textarea").value = "hello there";
    field<HTMLInputElement>(form, 'input[name="kind"]').value = "poster";
    expect(changedSinceServer(form)).toEqual([
      ["size", "a5"],
      ["paper", "matt"],
      ["quantity", "4"],
      ["sample", "true"],
      ["note", "hello there"],
    ]);
  });

  it("names a box the shopper cleared with an empty value", () => {
    const form = serverForm();
    const box = field<HTMLInputElement>(form, 'input[name="sample"]');
    box.defaultChecked = true;
    box.checked = false;
    expect(changedSinceServer(form)).toEqual([["sample", ""]]);
  });
});

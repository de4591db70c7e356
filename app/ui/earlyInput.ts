/**
 * What a shopper changed in a form the server rendered before the form's code ran. A block
 * whose code loads after the page has hydrated shows the server's HTML until then, and its
 * fields take choices that no change event reports to the code. Once hydrated, each field
 * still knows the server's value as its default (the `checked`, `selected` and `value`
 * attributes), so a field that shows something else was changed by the shopper.
 */

/** The fields that no longer show the server's value: name and value now, in form order. */
export function changedSinceServer(form: HTMLFormElement): [string, string][] {
  const changed: [string, string][] = [];
  for (const element of form.elements) {
    if (element instanceof HTMLSelectElement) {
      const options = [...element.options];
      // The option the server marked (its `selected` attribute, what defaultSelected reads).
      const initial = options.find((option) => option.hasAttribute("selected")) ?? options[0];
      if (element.name && initial && element.value !== initial.value)
        changed.push([element.name, element.value]);
    } else if (element instanceof HTMLInputElement && element.name) {
      if (element.type === "radio") {
        if (element.checked && !element.defaultChecked) changed.push([element.name, element.value]);
      } else if (element.type === "checkbox") {
        if (element.checked !== element.defaultChecked)
          changed.push([element.name, element.checked ? element.value : ""]);
      } else if (!["hidden", "submit", "button", "reset", "image"].includes(element.type)) {
        if (element.value !== element.defaultValue) changed.push([element.name, element.value]);
      }
    } else if (element instanceof HTMLTextAreaElement && element.name) {
      if (element.value !== element.defaultValue) changed.push([element.name, element.value]);
    }
  }
  return changed;
}

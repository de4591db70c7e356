/**
 * A radio group of named choices, each with an optional colour swatch (the swatch is only
 * decoration: the label names the choice). The browser's radio behaviour gives the keys:
 * Tab enters the group at the chosen one, the arrow keys move the choice. Each place that
 * shows such a group gives its own class names, so its styles stay its own.
 */
import type { ReactNode } from "react";

export interface SwatchOption {
  value: string;
  label: string;
  swatch?: string | undefined;
}

/** The class names of a group: the fieldset, an optional list around the choices, one choice, an optional wrapper of its swatch and label, the swatch. */
export interface SwatchChoiceClasses {
  group: string;
  list?: string;
  option: string;
  text?: string;
  swatch: string;
}

export function SwatchChoices({
  id,
  name,
  legend,
  options,
  value,
  onChoose,
  classes,
}: {
  id?: string;
  name: string;
  legend: string;
  options: readonly SwatchOption[];
  value: string;
  onChoose(value: string): void;
  classes: SwatchChoiceClasses;
}): ReactNode {
  const choices = options.map((o) => {
    const face = (
      <>
        {o.swatch ? (
          <span
            className={classes.swatch}
            style={{ backgroundColor: o.swatch }}
            aria-hidden="true"
          />
        ) : null}
        <span>{o.label}</span>
      </>
    );
    return (
      <label key={o.value} className={classes.option}>
        <input
          type="radio"
          name={name}
          value={o.value}
          checked={o.value === value}
          onChange={() => onChoose(o.value)}
        />
        {classes.text ? <span className={classes.text}>{face}</span> : face}
      </label>
    );
  });
  return (
    <fieldset className={classes.group} id={id}>
      <legend>{legend}</legend>
      {classes.list ? <div className={classes.list}>{choices}</div> : choices}
    </fieldset>
  );
}

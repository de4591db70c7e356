/**
 * The countdown: it starts on mount, progresses every second, is aborted on
 * unmount, ends at the end date, restarts when the end date changes and pauses while the
 * tab is hidden (resyncing to the clock when it is visible again). Days show only when
 * non-zero; days and hours have singular and plural labels. An end date in the past is
 * logged (countdown-date-in-past) and nothing is shown. The time is rendered in the
 * browser only, so it never mismatches at hydration; until then (and on the server) the
 * countdown holds invisible tiles of a days-long countdown, so its room is kept and the
 * text around it (an action bar on a phone wraps it) does not move when it starts.
 */
import { useEffect, useState } from "react";
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from "../../domain/constants";
import { useT } from "../i18n/i18n";
import { logError } from "../lib/log";
import "./countdown.css";

/** What is left, in whole units. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a remaining time into days, hours, minutes and seconds (negative counts as 0). */
export function countdownParts(remainingMs: number): CountdownParts {
  const ms = Math.max(0, Math.floor(remainingMs / MS_PER_SECOND) * MS_PER_SECOND);
  return {
    days: Math.floor(ms / MS_PER_DAY),
    hours: Math.floor((ms % MS_PER_DAY) / MS_PER_HOUR),
    minutes: Math.floor((ms % MS_PER_HOUR) / MS_PER_MINUTE),
    seconds: Math.floor((ms % MS_PER_MINUTE) / MS_PER_SECOND),
  };
}

/** The countdown's state. */
export type CountdownState =
  | { status: "idle" }
  | { status: "running"; parts: CountdownParts }
  | { status: "paused"; parts: CountdownParts }
  | { status: "ended" };

/** The end date as a time in ms, or null when it is not a valid date. */
export function parseEndDate(endDate: string): number | null {
  const time = Date.parse(endDate);
  return Number.isFinite(time) ? time : null;
}

/**
 * Runs the countdown to `endDate` and reports each second. `onEnd` runs once when the end
 * is reached while running (not for a date already in the past).
 */
export function useCountdown(endDate: string, onEnd?: () => void): CountdownState {
  const [state, setState] = useState<CountdownState>({ status: "idle" });

  useEffect(() => {
    const end = parseEndDate(endDate);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const tick = () => {
      const remaining = (end ?? 0) - Date.now();
      if (remaining <= 0) {
        timer = undefined;
        done = true;
        setState({ status: "ended" });
        onEnd?.();
        return;
      }
      setState({ status: "running", parts: countdownParts(remaining) });
      // Wake up just after the next whole second.
      timer = setTimeout(tick, (remaining % MS_PER_SECOND) + 20);
    };
    const pause = () => {
      clearTimeout(timer);
      timer = undefined;
      setState((current) =>
        current.status === "running" ? { status: "paused", parts: current.parts } : current,
      );
    };
    const onVisibility = () => {
      if (document.hidden) pause();
      else if (timer === undefined && !done) tick();
    };
    const start = () => {
      timer = undefined;
      if (end === null || end <= Date.now()) {
        if (end !== null) logError("countdown-date-in-past", undefined, { endDate });
        done = true;
        setState({ status: "ended" });
        return;
      }
      if (document.hidden) setState({ status: "paused", parts: countdownParts(end - Date.now()) });
      else tick();
    };
    // Start outside the effect body, once the first paint is done.
    timer = setTimeout(start, 0);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
    // onEnd is a callback, not an input: a new function must not restart the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endDate]);

  return state;
}

export interface CountdownProps {
  /** ISO 8601 date-time the countdown runs to. */
  endDate: string;
  /** Text before the time, e.g. "Only"; defaults to "Ends in". */
  label?: string;
  onEnd?: () => void;
  className?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The invisible stand-in's time: days, hours, minutes and seconds, as wide as a real one. */
const PLACEHOLDER_PARTS: CountdownParts = { days: 10, hours: 0, minutes: 0, seconds: 0 };

export function Countdown({ endDate, label, onEnd, className }: CountdownProps) {
  const t = useT();
  const state = useCountdown(endDate, onEnd);
  const classes = ["countdown", className].filter(Boolean).join(" ");
  if (state.status === "ended") return null;
  const idle = state.status === "idle";
  const { days, hours, minutes, seconds } = idle ? PLACEHOLDER_PARTS : state.parts;
  const units = [
    ...(days > 0 ? [{ value: String(days), label: t("countdown.day", { count: days }) }] : []),
    { value: pad(hours), label: t("countdown.hour", { count: hours }) },
    { value: pad(minutes), label: t("countdown.minutes") },
    { value: pad(seconds), label: t("countdown.seconds") },
  ];
  const spoken = units
    .slice(0, -1)
    .map((unit) => `${Number(unit.value)} ${unit.label}`)
    .join(" ");
  return (
    <span className={classes} data-status={state.status} aria-hidden={idle || undefined}>
      <span className="countdown__label">{label ?? t("countdown.endsIn")}</span>
      {/* The ticking tiles are hidden from screen readers; they read the minute-precise text. */}
      <span className="countdown__time" aria-hidden="true">
        {units.map((unit) => (
          <span className="countdown__unit" key={unit.label}>
            <span className="countdown__value">{unit.value}</span>
            <span className="countdown__name">{unit.label}</span>
          </span>
        ))}
      </span>
      {idle ? null : <span className="visually-hidden">{spoken}</span>}
    </span>
  );
}

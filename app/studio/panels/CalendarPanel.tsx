/**
 * A calendar's own panel in the studio: the region whose holidays it marks (only where the
 * country has regions), the shopper's own dates (birthdays …) added and removed, and the
 * photo layout of the page on screen. Every change redraws the calendar's grids and is
 * one step of the undo history; the holidays come from the shop (the holiday library stays
 * on the server), fetched once per region.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  applyCalendarLayout,
  layoutsFor,
  monthName,
  monthOfPage,
  OWN_DATE_LABEL_MAX,
  ownDateProblem,
  regenerateCalendar,
  withOwnDate,
  withoutOwnDate,
  type CalendarSettings,
  type Holidays,
} from "../../../domain/studio/calendar";
import type { DesignDocument } from "../../../domain/studio/document";
import { useT } from "../../i18n/i18n";
import type { FamilyPanelProps } from "../familyPanel";
import "./calendar.css";

interface HolidayAnswer {
  regions: { code: string; name: string }[];
  holidays: Record<string, string>;
}

/** The shop's answer for a calendar's country, region and months. */
async function fetchHolidays(settings: CalendarSettings): Promise<HolidayAnswer> {
  const query = new URLSearchParams({
    country: settings.country,
    language: settings.locale.slice(0, 2),
    from: `${settings.year}-${String(settings.startMonth).padStart(2, "0")}`,
  });
  if (settings.region) query.set("region", settings.region);
  const response = await fetch(`/web-api/studio/calendar/holidays?${query}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`holidays: ${response.status}`);
  return (await response.json()) as HolidayAnswer;
}

export default function CalendarPanel({
  document: doc,
  change,
  surfaceIndex,
  locale,
}: FamilyPanelProps) {
  const t = useT();
  const ids = useId();
  const settings = doc.calendar;
  const answers = useRef(new Map<string, Promise<HolidayAnswer>>());
  const [regions, setRegions] = useState<HolidayAnswer["regions"]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [month, setMonth] = useState(1);
  const [day, setDay] = useState("");
  const [label, setLabel] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const answerFor = (s: CalendarSettings) => {
    const key = `${s.country}/${s.region ?? ""}/${s.year}-${s.startMonth}/${s.locale}`;
    let answer = answers.current.get(key);
    if (!answer) {
      answer = fetchHolidays(s);
      answers.current.set(key, answer);
      answer.catch(() => answers.current.delete(key));
    }
    return answer;
  };

  useEffect(() => {
    if (!settings) return;
    let live = true;
    answerFor(settings)
      .then((answer) => live && setRegions(answer.regions))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // The regions are the country's: asked again only for another country or year.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings?.country, settings?.year, settings?.startMonth]);

  if (!settings) return null;

  /** The document with new settings, its grids redrawn with the holidays they mark. */
  async function update(next: CalendarSettings, current: DesignDocument = doc) {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await answerFor(next);
      const holidays: Holidays = new Map(Object.entries(answer.holidays));
      change(regenerateCalendar({ ...current, calendar: next }, holidays));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  function addDate(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    const date = { month, day: Number(day), label };
    const why = /^\d{1,2}$/.test(day) ? ownDateProblem(settings, date) : "day";
    if (why) {
      setProblem(t(`studio.calendar.problems.${why}`, { max: OWN_DATE_LABEL_MAX }));
      return;
    }
    setProblem(null);
    setDay("");
    setLabel("");
    void update(withOwnDate(settings, date));
  }

  const surface = doc.surfaces[surfaceIndex];
  // The layouts the calendar's design group offers for this kind of page.
  const layouts = surface ? layoutsFor(surface.name, settings.designGroup) : [];
  const shownMonth = monthOfPage(settings, surfaceIndex);
  const monthNames = Array.from({ length: 12 }, (_, i) => monthName(2027, i + 1, locale));
  const problemId = `${ids}-problem`;
  // A leap year, so that 29 February reads as itself.
  const dayFormat = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });

  return (
    <section className="studio-panel calendar-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="studio-panel__title">
        {t("studio.calendar.title")}
      </h2>
      <p role="status" className="calendar-panel__status">
        {busy ? t("studio.calendar.updating") : ""}
        {failed ? t("studio.calendar.failed") : ""}
      </p>

      {layouts.length > 1 && surface ? (
        <fieldset className="calendar-panel__layouts">
          <legend>
            {shownMonth
              ? t("studio.calendar.layoutOf", {
                  page: monthName(shownMonth.year, shownMonth.month, locale),
                })
              : t("studio.calendar.coverLayout")}
          </legend>
          {layouts.map((layout) => (
            <label key={layout.id} className="calendar-panel__choice">
              <input
                type="radio"
                name={`${ids}-layout`}
                value={layout.id}
                checked={(surface.layout ?? layouts[0]!.id) === layout.id}
                onChange={() => change(applyCalendarLayout(doc, surfaceIndex, layout.id))}
              />
              <span>{t(`studio.calendar.layouts.${layout.id}`)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {regions.length > 0 ? (
        <label className="studio-field">
          <span>{t("studio.calendar.region")}</span>
          <select
            value={settings.region ?? ""}
            disabled={busy}
            onChange={(event) => {
              const { region: _old, ...rest } = settings;
              const region = event.target.value;
              void update(region ? { ...rest, region } : rest);
            }}
          >
            <option value="">{t("studio.calendar.wholeCountry")}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}

      <form className="calendar-panel__dates" onSubmit={addDate} noValidate>
        <fieldset>
          <legend>{t("studio.calendar.ownDates")}</legend>
          <div className="calendar-panel__date">
            <label className="studio-field">
              <span>{t("studio.calendar.day")}</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                max={31}
                required
                value={day}
                aria-invalid={problem !== null && !/^\d{1,2}$/.test(day)}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => setDay(event.target.value)}
              />
            </label>
            <label className="studio-field">
              <span>{t("studio.calendar.month")}</span>
              <select value={month} onChange={(event) => setMonth(Number(event.target.value))}>
                {monthNames.map((name, i) => (
                  <option key={name} value={i + 1}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <label className="studio-field">
            <span>{t("studio.calendar.label")}</span>
            <input
              type="text"
              required
              maxLength={OWN_DATE_LABEL_MAX}
              value={label}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setLabel(event.target.value)}
            />
          </label>
          {problem ? (
            <p id={problemId} className="calendar-panel__problem" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="studio-tool" disabled={busy}>
            {t("studio.calendar.add")}
          </button>
        </fieldset>
      </form>
      {settings.dates.length > 0 ? (
        <ul className="calendar-panel__list" aria-label={t("studio.calendar.ownDates")}>
          {settings.dates.map((d, i) => {
            const when = dayFormat.format(new Date(Date.UTC(2024, d.month - 1, d.day)));
            return (
              <li key={`${d.month}-${d.day}-${d.label}`}>
                <span>
                  {when}: {d.label}
                </span>
                <button
                  type="button"
                  className="studio-tool"
                  disabled={busy}
                  aria-label={t("studio.calendar.remove", { date: when, label: d.label })}
                  onClick={() => void update(withoutOwnDate(settings, i))}
                >
                  {t("studio.calendar.removeShort")}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

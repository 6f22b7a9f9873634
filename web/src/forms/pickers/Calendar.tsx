import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DateParts, FIRST_WEEKDAY, addDays, addMonths, addMonthsToDate, calendarGrid, dateForNames, sameDay, weekdayOf } from "./pickerValues";

type Props = {
  /** The day that holds the keyboard focus; its month is the one shown. */
  focus: DateParts;
  onFocusChange: (date: DateParts) => void;
  selected: DateParts | null;
  today: DateParts;
  onPick: (date: DateParts) => void;
  /** Move the browser's focus to the focused day when this changes (on open, after a key). */
  focusRequest: number;
};

const dayKey = ({ year, month, day }: DateParts) => `${year}-${month}-${day}`;

/**
 * A month grid, weeks from Sunday. Arrow keys move a day or a week, Home and End to the
 * week's ends, PageUp and PageDown a month (with Shift a year); Enter or Space picks.
 */
export function Calendar({ focus, onFocusChange, selected, today, onPick, focusRequest }: Props) {
  const { t, i18n } = useTranslation();
  const grid = useRef<HTMLTableElement>(null);
  const [keyMoves, setKeyMoves] = useState(0);
  const weeks = useMemo(() => calendarGrid(focus.year, focus.month), [focus.year, focus.month]);

  const names = useMemo(() => {
    const language = i18n.language;
    const utc = { timeZone: "UTC" } as const;
    const sunday = { year: 2023, month: 1, day: 1 };
    return {
      month: new Intl.DateTimeFormat(language, { ...utc, month: "long", year: "numeric" }),
      day: new Intl.DateTimeFormat(language, { ...utc, dateStyle: "full" }),
      weekdays: Array.from({ length: 7 }, (_, i) => {
        const date = dateForNames(addDays(sunday, (FIRST_WEEKDAY + i) % 7));
        return {
          short: new Intl.DateTimeFormat(language, { ...utc, weekday: "short" }).format(date),
          long: new Intl.DateTimeFormat(language, { ...utc, weekday: "long" }).format(date),
        };
      }),
    };
  }, [i18n.language]);

  useEffect(() => {
    if (focusRequest + keyMoves > 0) grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focusRequest, keyMoves]);

  const keyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = (weekdayOf(focus) - FIRST_WEEKDAY + 7) % 7;
    const moves: Record<string, () => DateParts> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      Home: () => addDays(focus, -weekday),
      End: () => addDays(focus, 6 - weekday),
      PageUp: () => addMonthsToDate(focus, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsToDate(focus, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onFocusChange(move());
    setKeyMoves((n) => n + 1);
  };

  const showMonth = (delta: number) => {
    const target = addMonths(focus.year, focus.month, delta);
    onFocusChange({ ...target, day: 1 });
  };

  const navButton =
    "flex size-8 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-400";

  return (
    <div className="w-64">
      <div className="flex items-center justify-between pb-2">
        <button type="button" aria-label={t("pickers.previousMonth")} onClick={() => showMonth(-1)} className={navButton}>
          <span aria-hidden="true">‹</span>
        </button>
        <h2 className="text-sm font-semibold text-navy-950" aria-live="polite">
          {names.month.format(dateForNames({ ...focus, day: 1 }))}
        </h2>
        <button type="button" aria-label={t("pickers.nextMonth")} onClick={() => showMonth(1)} className={navButton}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} role="grid" aria-label={names.month.format(dateForNames({ ...focus, day: 1 }))} onKeyDown={keyDown} className="w-full border-collapse text-center">
        <thead>
          <tr>
            {names.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className="pb-1 text-[11px] font-medium text-slate-500">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0]!)}>
              {week.map((date) => {
                const isSelected = sameDay(date, selected);
                const isToday = sameDay(date, today);
                const look = isSelected
                  ? "bg-navy-900 font-semibold text-white"
                  : `${date.inMonth ? "text-slate-800" : "text-slate-400"} hover:bg-slate-100 ${isToday ? "font-semibold text-teal-700 ring-1 ring-teal-500 ring-inset" : ""}`;
                return (
                  <td key={dayKey(date)} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      tabIndex={sameDay(date, focus) ? 0 : -1}
                      aria-label={names.day.format(dateForNames(date))}
                      aria-current={isToday ? "date" : undefined}
                      onClick={() => onPick(date)}
                      className={`size-8 rounded-lg text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-teal-400 ${look}`}
                    >
                      {date.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Calendar } from "./Calendar";
import { CalendarIcon, PickerField, type PickerFieldProps, PickerFooter, PickerPopover, useOutsidePress } from "./PickerParts";
import { type DateParts, formatDate, formatDateDisplay, parseDateTime, partsOfDate } from "./pickerValues";

export type DatePickerProps = PickerFieldProps & {
  /** 'yyyy-MM-dd'; an ISO string or 'yyyy-MM-dd HH:mm:ss' is accepted and committed as its date. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The clock behind Today and today's mark; tests pass a fixed one. */
  now?: () => Date;
};

const systemClock = () => new Date();

/**
 * A date field for the dynamic form's `date` type: the date-time picker's calendar alone.
 * A day picked (click, Enter or Space) is the value at once and closes the popover; Today
 * takes the clock's day for OK to commit; Cancel, Escape or a press outside revert; ×
 * empties the value.
 */
export function DatePicker({ value, onChange, now = systemClock, placeholder, ...field }: DatePickerProps) {
  const { t } = useTranslation();
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const committed = useMemo<DateParts | null>(() => {
    const parts = value ? parseDateTime(value) : null;
    return parts && { year: parts.year, month: parts.month, day: parts.day };
  }, [value]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateParts | null>(null);
  const [focus, setFocus] = useState<DateParts>(() => partsOfDate(now()));
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (value && !committed) console.error(`Invalid date "${value}": expected yyyy-MM-dd or an ISO string`);
  }, [value, committed]);

  const openPicker = () => {
    setDraft(committed);
    setFocus(committed ?? partsOfDate(now()));
    setFocusRequest((n) => n + 1);
    setOpen(true);
  };

  const close = useCallback(() => {
    setOpen(false);
    input.current?.focus();
  }, []);

  useOutsidePress(root, open, useCallback(() => setOpen(false), []));

  // A date alone needs nothing more: the day picked is the value.
  const pick = (date: DateParts) => {
    onChange(formatDate(date));
    close();
  };

  const takeToday = () => {
    const { year, month, day } = partsOfDate(now());
    setDraft({ year, month, day });
    setFocus({ year, month, day });
  };

  const ok = () => {
    if (draft) onChange(formatDate(draft));
    else if (value) onChange(undefined);
    close();
  };

  const clear = () => {
    onChange(undefined);
    close();
  };

  return (
    <div ref={root} className="relative">
      <PickerField
        {...field}
        text={committed ? formatDateDisplay(committed) : ""}
        placeholder={placeholder ?? t("pickers.datePlaceholder")}
        open={open}
        popoverId={popoverId}
        inputRef={input}
        onOpen={openPicker}
        onCancel={close}
        onClear={clear}
        icon={<CalendarIcon />}
      />
      {open ? (
        <PickerPopover id={popoverId} label={t("pickers.dateDialog")} onCancel={close}>
          <Calendar focus={focus} onFocusChange={setFocus} selected={draft} today={partsOfDate(now())} onPick={pick} focusRequest={focusRequest} />
          <PickerFooter onNow={takeToday} onCancel={close} onOk={ok} nowLabel={t("pickers.today")} />
        </PickerPopover>
      ) : null}
    </div>
  );
}

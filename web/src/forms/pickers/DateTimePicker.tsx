import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Calendar } from "./Calendar";
import { CalendarIcon, PickerField, type PickerFieldProps, PickerFooter, PickerPopover, useOutsidePress } from "./PickerParts";
import { TimeColumn } from "./TimeColumn";
import {
  type DateParts,
  type DateTimeParts,
  HOURS,
  MIDNIGHT,
  MINUTES,
  SECONDS,
  type TimeParts,
  formatDateTime,
  formatDateTimeDisplay,
  parseDateTime,
  partsOfDate,
} from "./pickerValues";

export type DateTimePickerProps = PickerFieldProps & {
  /** 'yyyy-MM-dd HH:mm:ss'; an ISO string is accepted and committed normalised. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The clock behind Now and today's mark; tests pass a fixed one. */
  now?: () => Date;
};

const systemClock = () => new Date();

/**
 * A date and time field (spec 001 §2.21, §4): the popover holds a month calendar and hour,
 * minute and second lists; OK commits the draft, Cancel, Escape or a press outside revert
 * to the prior value, Now takes the clock's moment, × empties the value.
 */
export function DateTimePicker({ value, onChange, now = systemClock, placeholder, ...field }: DateTimePickerProps) {
  const { t } = useTranslation();
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const committed = useMemo(() => (value ? parseDateTime(value) : null), [value]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateTimeParts | null>(null);
  const [focus, setFocus] = useState<DateParts>(() => partsOfDate(now()));
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    // A form should never hand the picker anything else; say so rather than show it as empty silently.
    if (value && !committed) console.error(`Invalid date-time "${value}": expected yyyy-MM-dd HH:mm:ss or an ISO string`);
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

  const pickDay = (date: DateParts) => {
    setDraft((d) => ({ ...(d ?? MIDNIGHT), ...date }));
    setFocus(date);
  };

  const setTime = (part: keyof TimeParts) => (n: number) => setDraft((d) => ({ ...(d ?? { ...focus, ...MIDNIGHT }), [part]: n }));

  const takeNow = () => {
    const moment = partsOfDate(now());
    setDraft(moment);
    setFocus(moment);
  };

  const ok = () => {
    if (draft) onChange(formatDateTime(draft));
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
        text={committed ? formatDateTimeDisplay(committed) : ""}
        placeholder={placeholder ?? t("pickers.dateTimePlaceholder")}
        open={open}
        popoverId={popoverId}
        inputRef={input}
        onOpen={openPicker}
        onCancel={close}
        onClear={clear}
        icon={<CalendarIcon />}
      />
      {open ? (
        <PickerPopover id={popoverId} label={t("pickers.dateTimeDialog")} onCancel={close}>
          <div className="flex gap-3">
            <Calendar focus={focus} onFocusChange={setFocus} selected={draft} today={partsOfDate(now())} onPick={pickDay} focusRequest={focusRequest} />
            <div className="flex gap-1 border-l border-slate-100 pl-3">
              <TimeColumn label={t("pickers.hour")} size={HOURS} value={draft?.hour ?? null} onChange={setTime("hour")} />
              <TimeColumn label={t("pickers.minute")} size={MINUTES} value={draft?.minute ?? null} onChange={setTime("minute")} />
              <TimeColumn label={t("pickers.second")} size={SECONDS} value={draft?.second ?? null} onChange={setTime("second")} />
            </div>
          </div>
          <PickerFooter onNow={takeNow} onCancel={close} onOk={ok} />
        </PickerPopover>
      ) : null}
    </div>
  );
}

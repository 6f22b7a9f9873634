import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ClockIcon, PickerField, type PickerFieldProps, PickerFooter, PickerPopover, useOutsidePress } from "./PickerParts";
import { TimeColumn } from "./TimeColumn";
import { HOURS, MIDNIGHT, MINUTES, SECONDS, type TimeParts, formatTime, partsOfDate, resolveTime } from "./pickerValues";

export type TimePickerProps = PickerFieldProps & {
  /** 'HH:mm:ss', or 'HH:mm' when `seconds` is false. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** Show and commit seconds; on by default (spec 001 §2.21). */
  seconds?: boolean;
  /** The clock behind Now; tests pass a fixed one. */
  now?: () => Date;
};

const systemClock = () => new Date();
const silent = () => undefined;

/**
 * A time field (spec 001 §2.21, §4, §5): hour, minute and optional second lists with arrows
 * that wrap (23 → 00, 59 → 00 and back); OK commits, Cancel, Escape or a press outside
 * revert, Now takes the clock's time, × empties. A value that is not a time is reported to
 * the console and shows, and opens, as 00:00:00.
 */
export function TimePicker({ value, onChange, seconds = true, now = systemClock, placeholder, ...field }: TimePickerProps) {
  const { t } = useTranslation();
  const popoverId = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const committed = useMemo(() => resolveTime(value, silent), [value]);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<TimeParts>(MIDNIGHT);

  useEffect(() => {
    resolveTime(value);
  }, [value]);

  const openPicker = () => {
    setDraft(committed ?? MIDNIGHT);
    setOpen(true);
  };

  const close = useCallback(() => {
    setOpen(false);
    input.current?.focus();
  }, []);

  useOutsidePress(root, open, useCallback(() => setOpen(false), []));

  const setPart = (part: keyof TimeParts) => (n: number) => setDraft((d) => ({ ...d, [part]: n }));

  const takeNow = () => {
    const { hour, minute, second } = partsOfDate(now());
    setDraft({ hour, minute, second: seconds ? second : 0 });
  };

  const ok = () => {
    onChange(formatTime(draft, seconds));
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
        text={committed ? formatTime(committed, seconds) : ""}
        placeholder={placeholder ?? t("pickers.timePlaceholder")}
        open={open}
        popoverId={popoverId}
        inputRef={input}
        onOpen={openPicker}
        onCancel={close}
        onClear={clear}
        icon={<ClockIcon />}
      />
      {open ? (
        <PickerPopover id={popoverId} label={t("pickers.timeDialog")} onCancel={close}>
          <div className="flex justify-center gap-1">
            <TimeColumn
              label={t("pickers.hour")}
              size={HOURS}
              value={draft.hour}
              onChange={setPart("hour")}
              arrows={{ increase: t("pickers.increaseHour"), decrease: t("pickers.decreaseHour") }}
              autoFocus
            />
            <TimeColumn
              label={t("pickers.minute")}
              size={MINUTES}
              value={draft.minute}
              onChange={setPart("minute")}
              arrows={{ increase: t("pickers.increaseMinute"), decrease: t("pickers.decreaseMinute") }}
            />
            {seconds ? (
              <TimeColumn
                label={t("pickers.second")}
                size={SECONDS}
                value={draft.second}
                onChange={setPart("second")}
                arrows={{ increase: t("pickers.increaseSecond"), decrease: t("pickers.decreaseSecond") }}
              />
            ) : null}
          </div>
          <PickerFooter onNow={takeNow} onCancel={close} onOk={ok} />
        </PickerPopover>
      ) : null}
    </div>
  );
}

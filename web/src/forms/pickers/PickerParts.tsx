import { type KeyboardEvent, type ReactNode, type RefObject, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "../../components/ui/fields";

/** The props a form gives either picker's field, besides its value. */
export type PickerFieldProps = {
  id?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  "aria-describedby"?: string;
  /** Replaces the default placeholder ('Select date and time...', 'Select time...'). */
  placeholder?: string;
};

type FieldProps = PickerFieldProps & {
  text: string;
  placeholder: string;
  open: boolean;
  popoverId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onOpen: () => void;
  onCancel: () => void;
  /** Given: a clear (×) button shows while there is a value. */
  onClear?: () => void;
  icon: ReactNode;
};

/**
 * The closed picker: a read-only combobox showing the value (or the placeholder) that opens
 * the popover on click, Enter, Space or Alt+ArrowDown, and a clear button beside it.
 */
export function PickerField({ text, placeholder, open, popoverId, inputRef, onOpen, onCancel, onClear, icon, id, disabled, required, invalid, "aria-describedby": describedBy }: FieldProps) {
  const { t } = useTranslation();
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      onCancel();
    } else if (!open && (event.key === "Enter" || event.key === " " || event.key === "ArrowDown")) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        readOnly
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (open ? onCancel() : onOpen())}
        onKeyDown={keyDown}
        className={`${inputClass} mt-0 cursor-pointer pr-16 pl-9 tabular-nums`}
      />
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
        {icon}
      </span>
      {onClear && text && !disabled ? (
        <button
          type="button"
          aria-label={t("pickers.clear")}
          onClick={onClear}
          className="absolute inset-y-0 right-2 my-auto flex size-7 items-center justify-center rounded-md text-lg leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The popover's frame, under the field; Escape inside it cancels. */
export function PickerPopover({ id, label, onCancel, children }: { id: string; label: string; onCancel: () => void; children: ReactNode }) {
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    <div
      id={id}
      role="dialog"
      aria-label={label}
      onKeyDown={keyDown}
      className="absolute top-full left-0 z-50 mt-1.5 rounded-xl border border-slate-200 bg-white p-3 text-slate-800 shadow-lg"
    >
      {children}
    </div>
  );
}

const footerButton = "rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-400";

/** Now (or `nowLabel`: a date picker's Today) on the left; Cancel and OK on the right. */
export function PickerFooter({ onNow, onCancel, onOk, nowLabel }: { onNow: () => void; onCancel: () => void; onOk: () => void; nowLabel?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 flex items-center gap-2 border-t border-slate-100 pt-3">
      <button type="button" onClick={onNow} className={`${footerButton} text-teal-700 hover:bg-teal-50`}>
        {nowLabel ?? t("pickers.now")}
      </button>
      <span className="flex-1" />
      <button type="button" onClick={onCancel} className={`${footerButton} border border-slate-300 text-slate-700 hover:bg-slate-50`}>
        {t("pickers.cancel")}
      </button>
      <button type="button" onClick={onOk} className={`${footerButton} bg-navy-900 text-white hover:bg-navy-800`}>
        {t("pickers.ok")}
      </button>
    </div>
  );
}

/** A press outside `root` while the popover is open cancels, as Cancel does. */
export function useOutsidePress(root: RefObject<HTMLElement | null>, open: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!open) return;
    const press = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) onOutside();
    };
    document.addEventListener("pointerdown", press);
    return () => document.removeEventListener("pointerdown", press);
  }, [root, open, onOutside]);
}

export function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4">
      <rect x="3" y="4.5" width="14" height="12" rx="2" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4">
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6v4l2.5 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

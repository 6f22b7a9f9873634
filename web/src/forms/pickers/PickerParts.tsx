import { type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
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

/** Space kept between the popover and the edge of what can be seen. */
const EDGE = 8;
/** The gap between the field and the popover. */
const GAP = 6;
/** The least height a popover is squeezed to before it scrolls within. */
const MIN_HEIGHT = 160;

type Box = { top: number; bottom: number; left: number; right: number };

/**
 * What of the page can be seen around `element`: the viewport cut by every ancestor that
 * clips or scrolls (the chat's message list ends where the composer starts).
 */
export function visibleBox(element: HTMLElement): Box {
  const viewport = window.visualViewport;
  const box: Box = { top: 0, left: 0, bottom: viewport?.height ?? window.innerHeight, right: viewport?.width ?? window.innerWidth };
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(node);
    if (![overflowX, overflowY].some((o) => o === "auto" || o === "scroll" || o === "hidden" || o === "clip")) continue;
    const rect = node.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    box.top = Math.max(box.top, rect.top);
    box.bottom = Math.min(box.bottom, rect.bottom);
    box.left = Math.max(box.left, rect.left);
    box.right = Math.min(box.right, rect.right);
  }
  return box;
}

export type PopoverPlace = { above: boolean; shift: number; maxHeight: number | null };

/**
 * Where a popover of `size` goes for a field at `anchor` within what can be seen: under
 * the field when it fits there, else above when there is more room above, moved left
 * when it would leave on the right, and given a height to scroll within when it fits
 * neither way.
 */
export function placeInView(anchor: Box, size: { width: number; height: number }, seen: Box): PopoverPlace {
  const below = seen.bottom - anchor.bottom - GAP - EDGE;
  const over = anchor.top - seen.top - GAP - EDGE;
  const above = size.height > below && over > below;
  const room = above ? over : below;
  const overflowRight = anchor.left + size.width - (seen.right - EDGE);
  const shift = overflowRight > 0 ? -Math.min(overflowRight, Math.max(0, anchor.left - (seen.left + EDGE))) : 0;
  return { above, shift, maxHeight: size.height > room ? Math.max(MIN_HEIGHT, room) : null };
}

const UNPLACED: PopoverPlace = { above: false, shift: 0, maxHeight: null };

/** Keeps the open popover inside what can be seen: measured before paint, and again on resize and scroll. */
function usePlaceInView(popover: RefObject<HTMLElement | null>): PopoverPlace {
  const [place, setPlace] = useState(UNPLACED);
  useLayoutEffect(() => {
    const measure = () => {
      const element = popover.current;
      const field = element?.parentElement;
      if (!element || !field) return;
      const next = placeInView(field.getBoundingClientRect(), { width: element.offsetWidth, height: element.scrollHeight }, visibleBox(field));
      setPlace((prev) => (prev.above === next.above && prev.shift === next.shift && prev.maxHeight === next.maxHeight ? prev : next));
    };
    // Scrolling inside the popover (its hour lists) moves nothing.
    const scrolled = (event: Event) => {
      if (!(event.target instanceof Node && popover.current?.contains(event.target))) measure();
    };
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", scrolled, { capture: true, passive: true });
    window.visualViewport?.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", scrolled, { capture: true });
      window.visualViewport?.removeEventListener("resize", measure);
    };
  }, [popover]);
  return place;
}

/**
 * The popover's frame, under the field — or above it, moved left, or scrolling within,
 * so OK and Cancel stay in sight (the composer, a phone's screen). Escape inside it cancels.
 */
export function PickerPopover({ id, label, onCancel, children }: { id: string; label: string; onCancel: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const place = usePlaceInView(ref);
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  const style: CSSProperties = {
    left: place.shift,
    ...(place.maxHeight !== null ? { maxHeight: place.maxHeight, overflowY: "auto" } : {}),
  };
  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-label={label}
      onKeyDown={keyDown}
      style={style}
      data-placement={place.above ? "above" : "below"}
      className={`absolute z-50 rounded-xl border border-slate-200 bg-white p-3 text-slate-800 shadow-lg ${place.above ? "bottom-full mb-1.5" : "top-full mt-1.5"}`}
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

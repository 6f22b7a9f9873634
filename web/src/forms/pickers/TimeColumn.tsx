import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { wrap } from "./pickerValues";

type Props = {
  /** 'Hour', 'Minute', 'Second': the list's name. */
  label: string;
  /** 24 or 60 positions. */
  size: number;
  /** Null while nothing is picked. */
  value: number | null;
  onChange: (value: number) => void;
  /** The arrow buttons' names; without them the column has none. */
  arrows?: { increase: string; decrease: string };
  /** Focus the list when it mounts (the time picker opens on its first column). */
  autoFocus?: boolean;
};

const pad = (n: number) => String(n).padStart(2, "0");

const arrowClass =
  "flex h-7 w-full items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-teal-400";

/**
 * One scrolling list of a picker (00–23 or 00–59), a listbox: ArrowUp and ArrowDown move
 * the choice and wrap around (23 → 00, 00 → 23), Home and End jump to the ends. With
 * `arrows`, buttons above and below step it the same way.
 */
export function TimeColumn({ label, size, value, onChange, arrows, autoFocus }: Props) {
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const optionId = (n: number) => `${listId}-${n}`;

  useEffect(() => {
    const box = list.current;
    const option = value === null ? null : box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (box && option) box.scrollTop = option.offsetTop - (box.clientHeight - option.offsetHeight) / 2;
  }, [value]);

  useEffect(() => {
    if (autoFocus) list.current?.focus();
  }, [autoFocus]);

  const step = (delta: number) => onChange(wrap(value ?? 0, value === null && delta > 0 ? 0 : delta, size));

  const keyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => step(-1),
      ArrowDown: () => step(1),
      Home: () => onChange(0),
      End: () => onChange(size - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className="flex w-14 flex-col items-stretch">
      <div className="pb-1 text-center text-[11px] font-semibold tracking-wide text-slate-500 uppercase" aria-hidden="true">
        {label}
      </div>
      {arrows ? (
        <button type="button" aria-label={arrows.increase} onClick={() => step(1)} className={arrowClass}>
          <Chevron up />
        </button>
      ) : null}
      <ul
        ref={list}
        role="listbox"
        aria-label={label}
        tabIndex={0}
        aria-activedescendant={value === null ? undefined : optionId(value)}
        onKeyDown={keyDown}
        className="relative h-52 overflow-y-auto rounded-lg border border-slate-100 py-1 [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-teal-400"
      >
        {Array.from({ length: size }, (_, n) => (
          <li
            key={n}
            id={optionId(n)}
            role="option"
            aria-selected={n === value}
            onClick={() => onChange(n)}
            className={`mx-1 cursor-pointer rounded-md py-1 text-center text-sm tabular-nums ${
              n === value ? "bg-navy-900 font-semibold text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            {pad(n)}
          </li>
        ))}
      </ul>
      {arrows ? (
        <button type="button" aria-label={arrows.decrease} onClick={() => step(-1)} className={arrowClass}>
          <Chevron />
        </button>
      ) : null}
    </div>
  );
}

function Chevron({ up = false }: { up?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className={`size-4 ${up ? "rotate-180" : ""}`} aria-hidden="true">
      <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown } from "../../components/icons";
import type { OptionItem } from "../../generated/options/OptionItem";

type Props = {
  id: string;
  triggerRef: RefObject<HTMLButtonElement | null>;
  multiple: boolean;
  value: OptionItem[];
  /** What the control says when nothing is picked (the placeholder, or the dependency hint). */
  emptyText: string;
  /** The dependency is empty: its hint shows even over a value the form has not cleared yet. */
  blocked: boolean;
  inactive: boolean;
  open: boolean;
  listboxId: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onToggle: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onClear: () => void;
  onRemove: (option: OptionItem) => void;
};

/**
 * The closed selector: a combobox button showing the picked label (single) or how many
 * are picked (multiple, each one a chip below with its own remove button), a clear button
 * and a chevron. Labels are text, isolated (`<bdi>`) and cut with an ellipsis, the whole in `title`.
 */
export function SelectorControl({
  id,
  triggerRef,
  multiple,
  value,
  emptyText,
  blocked,
  inactive,
  open,
  listboxId,
  required,
  invalid,
  describedBy,
  onToggle,
  onKeyDown,
  onClear,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const first = value[0];
  let text: ReactNode;
  if (blocked || !first) {
    text = <span className={`truncate ${blocked ? "text-slate-500" : "text-slate-400"}`}>{emptyText}</span>;
  } else if (multiple) {
    text = <span className="truncate text-slate-600">{t("selectors.selectedCount", { n: value.length })}</span>;
  } else {
    text = <OptionText text={first.label} className="truncate" />;
  }
  const editable = !inactive && value.length > 0;

  // A press on the frame around the button (its padding, the chips' row) opens the list too.
  const pressFrame = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || inactive) return;
    triggerRef.current?.focus();
    onToggle();
  };

  return (
    <div
      onClick={pressFrame}
      className={`relative w-full rounded-lg border text-sm text-slate-900 shadow-xs focus-within:border-teal-500 focus-within:ring-2 focus-within:ring-teal-500/30 ${
        invalid ? "border-red-400" : "border-slate-300"
      } ${inactive ? "cursor-not-allowed bg-slate-100" : "bg-white"}`}
    >
      <button
        ref={triggerRef}
        id={id}
        type="button"
        role="combobox"
        data-testid={`selector-${id}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={inactive}
        onClick={onToggle}
        onKeyDown={onKeyDown}
        className={`flex h-9 w-full min-w-0 items-center rounded-lg py-2 pl-3 text-left focus-visible:outline-none disabled:cursor-not-allowed ${editable ? "pr-16" : "pr-9"}`}
      >
        {text}
      </button>
      <span className="pointer-events-none absolute top-0 right-0 flex h-9 items-center gap-0.5 pr-2.5">
        <ChevronDown className={`size-4 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
      </span>
      {editable ? (
        <button
          type="button"
          aria-label={t("selectors.clear")}
          onClick={onClear}
          className="absolute top-1 right-8 flex size-7 items-center justify-center rounded-md text-lg leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          ×
        </button>
      ) : null}
      {multiple && value.length > 0 ? (
        <div className="flex flex-wrap gap-1 border-t border-slate-100 px-2 py-1.5">
          {value.map((option) => (
            <span
              key={option.value}
              data-testid="selector-chip"
              data-value={option.value}
              className="inline-flex max-w-full min-w-0 items-center gap-0.5 rounded-md bg-teal-50 py-0.5 pr-0.5 pl-2 text-xs font-medium text-teal-900 ring-1 ring-teal-200 ring-inset"
            >
              <OptionText text={option.label} className="min-w-0 truncate" />
              {inactive ? (
                <span className="w-1.5" />
              ) : (
                <button
                  type="button"
                  aria-label={t("selectors.remove", { label: option.label })}
                  onClick={() => onRemove(option)}
                  className="flex size-5 shrink-0 items-center justify-center rounded text-sm leading-none text-teal-700 hover:bg-teal-100 hover:text-teal-900"
                >
                  ×
                </button>
              )}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A label or description from the server, shown as text only: `<bdi>` keeps an Arabic or
 * Hebrew label from reordering what is around it, and the full text is in `title` for
 * when the line cuts it.
 */
export function OptionText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi dir="auto" title={text} className={className}>
      {text}
    </bdi>
  );
}

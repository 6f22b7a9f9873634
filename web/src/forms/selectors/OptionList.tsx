import type { RefObject, UIEvent } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, Spinner } from "../../components/icons";
import type { OptionItem } from "../../generated/options/OptionItem";
import { OptionText } from "./SelectorControl";

/** Where the list stands: what shows below its options. */
export type ListStatus =
  | { kind: "loading" }
  | { kind: "empty" }
  | { kind: "failed"; retry: () => void }
  | { kind: "loadingMore" }
  | { kind: "more"; loadMore: () => void }
  | { kind: "complete" };

type Props = {
  listboxId: string;
  /** The field's label, naming the list. */
  label: string;
  options: OptionItem[];
  multiple: boolean;
  picked: ReadonlySet<string>;
  active: number;
  optionId: (index: number) => string;
  status: ListStatus;
  /** The previous search's matches while the new one loads: shown dimmed. */
  stale: boolean;
  maxHeight: number;
  scrollerRef: RefObject<HTMLDivElement | null>;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  onPick: (option: OptionItem) => void;
  onHover: (index: number) => void;
};

/**
 * The options (label and a description line, a checkmark on the picked ones) in a
 * listbox the search box drives through `aria-activedescendant`, then the list's state:
 * loading, no matches, failed with a retry, or a "Load more" row.
 */
export function OptionList({ listboxId, label, options, multiple, picked, active, optionId, status, stale, maxHeight, scrollerRef, onScroll, onPick, onHover }: Props) {
  const { t } = useTranslation();
  return (
    <div ref={scrollerRef} onScroll={onScroll} style={{ maxHeight }} className="mt-2 overflow-y-auto overscroll-contain [scrollbar-width:thin]">
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t("selectors.listLabel", { label })}
        aria-multiselectable={multiple || undefined}
        aria-busy={status.kind === "loading" || stale || undefined}
        className={stale ? "opacity-60" : undefined}
      >
        {options.map((option, index) => {
          const isPicked = picked.has(option.value);
          return (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={isPicked}
              data-testid="selector-option"
              data-value={option.value}
              data-index={index}
              // Keeps the focus in the search box, so the keyboard goes on working after a click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(option)}
              onMouseMove={() => {
                if (index !== active) onHover(index);
              }}
              className={`flex cursor-pointer items-start gap-2 rounded-lg px-2 py-1.5 text-sm ${index === active ? "bg-teal-50" : "bg-white"} ${
                isPicked ? "text-teal-900" : "text-slate-800"
              }`}
            >
              <Mark multiple={multiple} picked={isPicked} />
              <span className="min-w-0 flex-1">
                <span className="block truncate">
                  <OptionText text={option.label} className={isPicked ? "font-medium" : undefined} />
                </span>
                {option.description ? (
                  <>
                    {/* Between the two lines for the option's name ("UPS Ground 1–5 business days"); the blocks hide it. */}{" "}
                    <span className="block truncate text-xs text-slate-500">
                      <OptionText text={option.description} />
                    </span>
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <StatusRow status={status} />
    </div>
  );
}

function Mark({ multiple, picked }: { multiple: boolean; picked: boolean }) {
  if (multiple) {
    return (
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border ${picked ? "border-teal-600 bg-teal-600 text-white" : "border-slate-300 bg-white"}`}
      >
        {picked ? <CheckIcon className="size-3" strokeWidth={3} /> : null}
      </span>
    );
  }
  return <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center text-teal-600">{picked ? <CheckIcon className="size-4" /> : null}</span>;
}

const rowClass = "flex items-center gap-2 px-2 py-2 text-sm";
const rowButtonClass =
  "rounded-md px-2 py-1 text-sm font-medium text-teal-700 hover:bg-teal-50 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-400";

function StatusRow({ status }: { status: ListStatus }) {
  const { t } = useTranslation();
  switch (status.kind) {
    case "loading":
    case "loadingMore":
      return (
        <p role="status" className={`${rowClass} text-slate-500`}>
          <Spinner className="size-4 text-teal-600" />
          {t(status.kind === "loading" ? "selectors.loading" : "selectors.loadingMore")}
        </p>
      );
    case "empty":
      return (
        <p role="status" className={`${rowClass} justify-center text-slate-500`}>
          {t("selectors.noMatches")}
        </p>
      );
    case "failed":
      return (
        <div role="alert" className={`${rowClass} flex-wrap text-red-800`}>
          <AlertIcon className="size-4 shrink-0" />
          <span className="flex-1">{t("selectors.loadFailed")}</span>
          <button type="button" onClick={status.retry} className={rowButtonClass}>
            {t("selectors.retry")}
          </button>
        </div>
      );
    case "more":
      return (
        <div className="px-1 pt-1">
          <button type="button" onClick={status.loadMore} className={`${rowButtonClass} w-full py-1.5`}>
            {t("selectors.loadMore")}
          </button>
        </div>
      );
    case "complete":
      return null;
  }
}

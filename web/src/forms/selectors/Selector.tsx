import { type JSX, type KeyboardEvent, type UIEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useOptions } from "../../api/options";
import { Spinner } from "../../components/icons";
import { inputClass } from "../../components/ui/fields";
import type { OptionItem } from "../../generated/options/OptionItem";
import type { FieldType } from "../../generated/tools/forms/FieldType";
import { useOutsidePress } from "../pickers/PickerParts";
import { type ListStatus, OptionList } from "./OptionList";
import { SelectorControl } from "./SelectorControl";
import { isPrintableKey, moveActive } from "./selectorLogic";
import { usePopoverPlacement } from "./usePopoverPlacement";

export type SelectorKind = Extract<FieldType, `${string}Selector`>;

const MULTIPLE: ReadonlySet<SelectorKind> = new Set<SelectorKind>(["accessorialMultipleSelector", "multipleUserSelector"]);

/** Whether the selector keeps several options (chips) rather than one. */
export function isMultipleSelector(kind: SelectorKind): boolean {
  return MULTIPLE.has(kind);
}

export type SelectorProps = {
  /** On the focusable control, so a `<label htmlFor>` names it; its test id is `selector-<id>`. */
  id: string;
  kind: SelectorKind;
  /** The field's label: names the search box and the list. */
  label: string;
  value: OptionItem[];
  onChange: (picked: OptionItem[]) => void;
  /** undefined: no dependency; null or "": the dependency is empty → disabled with a hint */
  dependsOnValue?: string | null;
  /** The dependency's label, for the hint 'Choose {dependsOnLabel} first'. */
  dependsOnLabel?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  placeholder?: string;
  describedBy?: string;
};

/** The form's text field, at 16px on phones: a smaller one makes iOS zoom the page when it takes the focus. */
const searchClass = `${inputClass.replace("text-sm", "text-base sm:text-sm")} mt-0 pr-9`;

/** How near the end of the list (px) scrolling loads the next page. */
const LOAD_AHEAD_PX = 48;

/**
 * A selector field of the dynamic form (spec 001 §2.20): a combobox button that opens a
 * search box over a paged list of the server's options (`GET /api/options/{kind}`). The
 * search box is an ARIA 1.2 combobox driving the listbox through aria-activedescendant:
 * ArrowUp/ArrowDown, PageUp/PageDown, Home/End move, Enter picks, Escape closes and gives
 * the focus back. A single pick closes the list; a multiple selector stays open and toggles.
 * Scrolling to the end, or the "Load more" row, fetches the next page.
 */
export function Selector({
  id,
  kind,
  label,
  value,
  onChange,
  dependsOnValue,
  dependsOnLabel,
  disabled = false,
  required,
  invalid,
  placeholder,
  describedBy,
}: SelectorProps): JSX.Element {
  const { t } = useTranslation();
  const multiple = isMultipleSelector(kind);
  const blocked = dependsOnValue !== undefined && !dependsOnValue;
  const inactive = disabled || blocked;
  const [open, setOpen] = useState(false);
  // A list open when the field was disabled (its dependency cleared) must not come back on its own.
  if (open && inactive) setOpen(false);
  const shown = open && !inactive;
  const [search, setSearch] = useState("");
  /** The option the user moved to; null until then (the picked one, or the first, is active). */
  const [moved, setMoved] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const revealActive = useRef(false);
  const listboxId = useId();
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);
  const placement = usePopoverPlacement(root, shown);
  const { query, options, q } = useOptions(kind, { search, dependsOn: dependsOnValue, enabled: shown });
  const picked = useMemo(() => new Set(value.map((option) => option.value)), [value]);

  const stale = query.isPlaceholderData || search.trim() !== q;
  const firstPicked = Math.max(
    options.findIndex((option) => picked.has(option.value)),
    0,
  );
  const active = options.length === 0 ? -1 : Math.min(moved ?? firstPicked, options.length - 1);

  useEffect(() => {
    if (!shown) return;
    const box = searchBox.current;
    box?.focus();
    box?.setSelectionRange(box.value.length, box.value.length);
  }, [shown]);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [q, dependsOnValue]);

  useEffect(() => {
    if (!revealActive.current || active < 0) return;
    revealActive.current = false;
    scroller.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const openList = (typed = "") => {
    setSearch(typed);
    setMoved(null);
    setOpen(true);
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);

  useOutsidePress(root, shown, useCallback(() => close(false), [close]));

  const canLoadMore = query.hasNextPage && !query.isFetching && !query.isError && !stale;
  const loadMore = () => {
    if (canLoadMore) void query.fetchNextPage();
  };

  const pick = (option: OptionItem) => {
    if (multiple) {
      onChange(picked.has(option.value) ? value.filter((v) => v.value !== option.value) : [...value, option]);
      return;
    }
    if (value.length !== 1 || value[0]?.value !== option.value) onChange([option]);
    close(true);
  };

  const clear = () => {
    onChange([]);
    close(true);
  };

  const remove = (option: OptionItem) => {
    onChange(value.filter((v) => v.value !== option.value));
    trigger.current?.focus();
  };

  const triggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (shown) {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      }
      return;
    }
    // Enter and Space press the button (its click opens the list).
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openList();
    } else if (isPrintableKey(event)) {
      event.preventDefault();
      openList(event.key);
    }
  };

  const searchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Never submits the form around it; a list still answering an older search picks nothing.
      event.preventDefault();
      const option = options[active];
      if (option && !stale) pick(option);
      return;
    }
    if (event.altKey && event.key === "ArrowUp") {
      event.preventDefault();
      close(true);
      return;
    }
    const next = moveActive(event.key, active, options.length);
    if (next === null) return;
    event.preventDefault();
    revealActive.current = true;
    setMoved(next);
    if (next === options.length - 1) loadMore();
  };

  const popoverKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    // Stops here: a dialog around the form must not close too.
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  const scrolled = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - LOAD_AHEAD_PX) loadMore();
  };

  /** After a row's button (Load more, Retry) the keyboard goes back to the search box. */
  const thenSearch = (action: () => void) => () => {
    action();
    searchBox.current?.focus();
  };

  let status: ListStatus;
  if (query.isFetchingNextPage) status = { kind: "loadingMore" };
  else if (query.isPending || (query.isError && query.isFetching)) status = { kind: "loading" };
  else if (query.isFetchNextPageError) status = { kind: "failed", retry: thenSearch(() => void query.fetchNextPage()) };
  else if (query.isError) status = { kind: "failed", retry: thenSearch(() => void query.refetch()) };
  else if (options.length === 0) status = stale ? { kind: "loading" } : { kind: "empty" };
  else if (query.hasNextPage && !stale) status = { kind: "more", loadMore: thenSearch(loadMore) };
  else status = { kind: "complete" };

  const emptyText = blocked
    ? dependsOnLabel
      ? t("selectors.dependencyFirst", { dependency: dependsOnLabel })
      : t("selectors.dependencyFirstGeneric")
    : (placeholder ?? t("selectors.placeholder"));

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        // Tabbing away closes the list; a press inside it (relatedTarget null) does not.
        const next = event.relatedTarget;
        if (shown && next instanceof Node && !root.current?.contains(next)) close(false);
      }}
    >
      <SelectorControl
        id={id}
        triggerRef={trigger}
        multiple={multiple}
        value={value}
        emptyText={emptyText}
        blocked={blocked}
        inactive={inactive}
        open={shown}
        listboxId={listboxId}
        required={required}
        invalid={invalid}
        describedBy={describedBy}
        onToggle={() => (shown ? close(false) : openList())}
        onKeyDown={triggerKeyDown}
        onClear={clear}
        onRemove={remove}
      />
      {shown ? (
        <div
          onKeyDown={popoverKeyDown}
          style={{ left: placement.left, width: placement.width }}
          className={`absolute z-50 rounded-xl border border-slate-200 bg-white p-2 text-slate-800 shadow-lg ${placement.above ? "bottom-full mb-1.5" : "top-full mt-1.5"}`}
        >
          <div className="relative">
            <input
              ref={searchBox}
              type="text"
              role="combobox"
              data-testid="selector-search"
              aria-label={t("selectors.searchLabel", { label })}
              aria-expanded="true"
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              value={search}
              placeholder={t("selectors.search")}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="search"
              onChange={(event) => {
                setSearch(event.target.value);
                setMoved(null);
              }}
              onKeyDown={searchKeyDown}
              className={searchClass}
            />
            {query.isFetching && !query.isFetchingNextPage && !query.isPending ? (
              <Spinner className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-teal-600" />
            ) : null}
          </div>
          <OptionList
            listboxId={listboxId}
            label={label}
            options={options}
            multiple={multiple}
            picked={picked}
            active={active}
            optionId={optionId}
            status={status}
            stale={stale && options.length > 0}
            maxHeight={placement.listMaxHeight}
            scrollerRef={scroller}
            onScroll={scrolled}
            onPick={pick}
            onHover={setMoved}
          />
        </div>
      ) : null}
    </div>
  );
}

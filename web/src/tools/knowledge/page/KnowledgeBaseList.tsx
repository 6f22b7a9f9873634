import { useTranslation } from "react-i18next";
import type { KnowledgeBaseItem } from "../../../generated/KnowledgeBaseItem";
import { Counts, ReadOnlyBadge, ScopeBadge, userText } from "./knowledgeParts";

type Props = {
  bases: readonly KnowledgeBaseItem[];
  selected: string | null;
  onSelect: (id: string) => void;
};

/**
 * The knowledge bases the member can read, the company's first: each one's name (the
 * button that shows it), description, scope, counts, and "Read-only" when it may not be
 * changed.
 */
export function KnowledgeBaseList({ bases, selected, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2" aria-label={t("knowledge.basesPage.list")} data-testid="kb-list">
      {bases.map((kb) => {
        const current = kb.id === selected;
        return (
          <li
            key={kb.id}
            className={`relative rounded-xl border bg-white px-4 py-3 shadow-xs transition ${current ? "border-teal-500 ring-1 ring-teal-500" : "border-slate-200 hover:border-slate-300"}`}
            data-testid="kb-list-item"
            data-id={kb.id}
            data-selected={current}
          >
            <button
              type="button"
              onClick={() => onSelect(kb.id)}
              aria-current={current ? "true" : undefined}
              dir="auto"
              className={`block w-full text-start text-sm font-semibold text-navy-950 after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-teal-500 ${userText}`}
              data-testid="kb-list-name"
            >
              {kb.name}
            </button>
            {kb.description && (
              <p dir="auto" className={`mt-0.5 line-clamp-2 text-xs text-slate-600 ${userText}`} title={kb.description}>
                {kb.description}
              </p>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              <ScopeBadge scope={kb.scope} />
              {!kb.editable && <ReadOnlyBadge />}
            </div>
            <p className="mt-1.5 text-xs text-slate-500">
              <Counts kb={kb} testId="kb-list-counts" />
            </p>
          </li>
        );
      })}
    </ul>
  );
}

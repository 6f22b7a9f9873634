import { useTranslation } from "react-i18next";

/** A choice between ways of showing a file (rendered/source, preview/code): mode → its label. */
export function ModeToggle<M extends string>({ modes, value, onChange }: { modes: Record<M, string>; value: M; onChange: (mode: M) => void }) {
  const { t } = useTranslation();
  const ids = Object.keys(modes) as M[];
  return (
    <div role="group" aria-label={t("fileViewer.viewMode")} className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-0.5 text-xs">
      {ids.map((id) => (
        <button
          key={id}
          type="button"
          aria-pressed={value === id}
          onClick={() => onChange(id)}
          className={`rounded-md px-2.5 py-1 font-medium ${value === id ? "bg-white text-slate-900 shadow-xs" : "text-slate-500 hover:text-slate-800"}`}
        >
          {modes[id]}
        </button>
      ))}
    </div>
  );
}

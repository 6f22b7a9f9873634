import { useTranslation } from "react-i18next";
import type { DeskStatus } from "../api/deskTypes";
import { unlockAudio } from "./alerts";

const STATUSES: readonly DeskStatus[] = ["online", "away"];

type Props = { status: DeskStatus | undefined; onChange: (status: DeskStatus) => void; disabled?: boolean };

/** Online (told when someone joins the queue) or away: two buttons, the current one pressed. */
export function Availability({ status, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t("live_agent.desk.availability")} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs">
      {STATUSES.map((value) => {
        const pressed = status === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => {
              // A click is the gesture browsers want before a page may play sound.
              unlockAudio();
              if (!pressed) onChange(value);
            }}
            className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition disabled:opacity-60 ${
              pressed ? (value === "online" ? "bg-emerald-600 text-white" : "bg-slate-700 text-white") : "text-slate-600 hover:bg-slate-100"
            }`}
          >
            <span aria-hidden="true" className={`size-2 rounded-full ${value === "online" ? "bg-emerald-300" : "bg-slate-300"}`} />
            {t(`live_agent.desk.status.${value}`)}
          </button>
        );
      })}
    </div>
  );
}

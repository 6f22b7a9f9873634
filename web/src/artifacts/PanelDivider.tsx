import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAX_PANEL_WIDTH_PERCENT, MIN_PANEL_WIDTH_PERCENT, clampWidth, widthAt } from "./layout";

const KEY_STEP = 2;

/**
 * The draggable divider between the chat and the panel (spec 000 §2). It sits directly in
 * the row beside the sidebar, so its parent's box is the space the width is a percentage
 * of, `space` px wide (0: not measured); the chat and the panel keep their minimum widths.
 */
export function PanelDivider({ width, space, onChange }: { width: number; space: number; onChange: (percent: number) => void }) {
  const { t } = useTranslation();
  const dragging = useRef(false);

  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const page = e.currentTarget.parentElement?.getBoundingClientRect();
    if (page) onChange(widthAt(e.clientX, page.left, page.width));
  };

  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowLeft" ? KEY_STEP : e.key === "ArrowRight" ? -KEY_STEP : 0;
    if (e.key === "Home") onChange(clampWidth(MAX_PANEL_WIDTH_PERCENT, space));
    else if (e.key === "End") onChange(clampWidth(MIN_PANEL_WIDTH_PERCENT, space));
    else if (step) onChange(clampWidth(width + step, space));
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={t("artifacts.resize")}
      aria-valuenow={Math.round(width)}
      aria-valuemin={Math.round(clampWidth(MIN_PANEL_WIDTH_PERCENT, space))}
      aria-valuemax={Math.round(clampWidth(MAX_PANEL_WIDTH_PERCENT, space))}
      tabIndex={0}
      onPointerDown={(e) => {
        dragging.current = true;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        e.preventDefault();
      }}
      onPointerMove={move}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      onKeyDown={key}
      data-testid="panel-divider"
      className="group relative z-10 w-1.5 shrink-0 cursor-col-resize touch-none bg-slate-200 transition-colors hover:bg-teal-400 focus-visible:bg-teal-500 focus-visible:outline-none"
    >
      <span className="absolute top-1/2 left-1/2 h-8 w-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-slate-400 group-hover:bg-white" />
    </div>
  );
}

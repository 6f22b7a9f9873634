import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PaperclipIcon } from "../../components/icons";

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes("Files");

/**
 * The conversation area as a drop target, with the 'Drop files here' overlay while
 * dragging; in live-agent mode it adds 'Images only'.
 */
export function AttachmentDropZone({ onDrop, imagesOnly = false, children }: { onDrop: (files: File[]) => void; imagesOnly?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when we left.
  const depth = useRef(0);

  return (
    <div
      className="relative flex h-full min-h-0 flex-1 flex-col"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(e) => {
        if (!hasFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        onDrop(Array.from(e.dataTransfer.files));
      }}
    >
      {children}
      {dragging && (
        <div className="pointer-events-none absolute inset-2 z-40 grid place-items-center rounded-2xl border-2 border-dashed border-teal-400 bg-teal-50/85" data-testid="drop-overlay">
          <div className="flex flex-col items-center gap-2 text-teal-800">
            <PaperclipIcon className="size-8" />
            <p className="text-lg font-semibold">{t("input.dropHere")}</p>
            {imagesOnly && <p className="text-sm font-medium">{t("liveAgent.imagesOnly")}</p>}
          </div>
        </div>
      )}
    </div>
  );
}

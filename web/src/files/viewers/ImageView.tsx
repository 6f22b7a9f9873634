import type { MediaViewProps } from "./media";

/**
 * An image, fitted to the panel. SVG goes through <img>, where it cannot run script; an
 * image from another site (an attachment's link) is fetched without telling it our page.
 */
export function ImageView({ url, file, onError }: MediaViewProps) {
  return (
    <div className="flex min-h-full items-center justify-center rounded-lg bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-2">
      <img src={url} alt={file.description || file.fileName} onError={onError} referrerPolicy="no-referrer" className="max-h-full max-w-full object-contain" />
    </div>
  );
}

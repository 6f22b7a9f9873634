import type { MediaViewProps } from "./media";

/** A video with the browser's controls; the file service answers range requests for seeking. */
export function VideoView({ url, file, onError }: MediaViewProps) {
  return (
    <video
      src={url}
      controls
      preload="metadata"
      aria-label={file.fileName}
      onError={onError}
      className="max-h-full w-full rounded-lg bg-black"
    />
  );
}

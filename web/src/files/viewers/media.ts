import type { FileDisplayProps } from "../types";

/** What a viewer of an image, video or PDF gets: where the bytes are, and how to say it failed. */
export type MediaViewProps = {
  url: string;
  file: FileDisplayProps;
  onError: () => void;
};

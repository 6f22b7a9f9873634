import type { FileDisplayProps } from "../types";

/** What a viewer of a file's text gets. */
export type TextViewProps = {
  text: string;
  /** The text stops short of the file's end (the preview read only so much). */
  truncated: boolean;
  file: FileDisplayProps;
};

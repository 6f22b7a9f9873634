import type { ToolFamily } from "../types";
import { DisplayFileCard } from "./DisplayFileCard";
import strings from "./strings/en";

/**
 * The files family's web half: displayFileTool's card. The file viewer it opens is
 * shared (files/, shown through the panel's `file-display` artifact type).
 */
const files: ToolFamily<typeof strings> = {
  strings,
  cards: { displayFileTool: DisplayFileCard },
};

export default files;

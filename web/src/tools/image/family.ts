import type { ToolFamily } from "../types";
import { ImageGenerationCard } from "./ImageGenerationCard";
import strings from "./strings/en";

/** The image family's web half: imageGenerationTool's card. */
const image: ToolFamily<typeof strings> = {
  strings,
  cards: { imageGenerationTool: ImageGenerationCard },
};

export default image;

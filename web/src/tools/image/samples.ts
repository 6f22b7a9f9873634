import { cut } from "../../lib/text";
import type { SampleChecks } from "../types";
import { IMAGE_PROMPT_TITLE_CHARS } from "./ImageGenerationCard";

/** The image generation card is titled by the prompt and counts the images. */
const checks: SampleChecks = {
  imageGenerationTool: (sample) => [cut(sample.prompt, IMAGE_PROMPT_TITLE_CHARS), `${sample.images.length} image(s)`],
};

export default checks;

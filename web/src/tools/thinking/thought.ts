import type { DeepPartial } from "ai";
import type { Thought } from "../../generated/tools/thinking/Thought";

/** A thought to show: whole once the tool answered, perhaps partial while the model writes it. */
export type ShownThought = DeepPartial<Thought> & { thought: string };

/** The thought from the result, else from the call's input (there while it runs). */
export function thoughtOf(output: Thought | undefined, input: DeepPartial<Thought> | undefined): ShownThought | null {
  const source = output ?? input;
  return source && typeof source.thought === "string" ? { ...source, thought: source.thought } : null;
}

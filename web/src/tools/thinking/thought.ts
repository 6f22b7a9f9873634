import { isRecord } from "../../chat/types";
import { num, str } from "../text";

/** One step of sequentialThinkingTool: its input, echoed as its result. */
export type Thought = {
  thought: string;
  number: number | undefined;
  total: number | undefined;
  nextNeeded: boolean | undefined;
  revises: number | undefined;
  branchFrom: number | undefined;
  branchId: string | undefined;
};

/** Reads the thought from the result, else from the call's input (there while it runs). */
export function readThought(output: unknown, input: unknown): Thought | null {
  const source = isRecord(output) && typeof output.thought === "string" ? output : isRecord(input) ? input : null;
  const thought = source ? str(source.thought) : undefined;
  if (!source || thought === undefined) return null;
  return {
    thought,
    number: num(source.thoughtNumber),
    total: num(source.totalThoughts),
    nextNeeded: typeof source.nextThoughtNeeded === "boolean" ? source.nextThoughtNeeded : undefined,
    revises: source.isRevision === true ? num(source.revisesThought) : undefined,
    branchFrom: num(source.branchFromThought),
    branchId: str(source.branchId),
  };
}

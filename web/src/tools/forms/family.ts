import type { ToolFamily } from "../types";
import { RequestUserInputCard } from "./RequestUserInputCard";
import strings from "./strings/en";

/**
 * The forms family's web half (spec 001 §2.19, §2.20): requestUserInput, the form the
 * assistant asks the user to fill in the chat. The form itself is shared code
 * (forms/DynamicForm); the card asks with it and posts the answer as the call's result.
 */
const forms: ToolFamily<typeof strings> = {
  strings,
  cards: { requestUserInput: RequestUserInputCard },
};

export default forms;

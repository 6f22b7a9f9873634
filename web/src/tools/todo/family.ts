import type { ToolFamily } from "../types";
import strings from "./strings/en";
import { TodoListCard } from "./TodoListCard";
import { TodoUpdateCard } from "./TodoUpdateCard";

/**
 * The todo family's web half (spec 001 §2.17): the plan the assistant keeps for a chat —
 * made by createTodoList, read by getTodoList, a task's status changed by updateTodoTask.
 */
const todo: ToolFamily<typeof strings> = {
  strings,
  cards: {
    createTodoList: TodoListCard,
    getTodoList: TodoListCard,
    updateTodoTask: TodoUpdateCard,
  },
};

export default todo;

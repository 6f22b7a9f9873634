// Generated from the registered tool families by the server's tests: do not edit.
import type { ApiCallInput } from "./systems/ApiCallInput";
import type { ApiCallResult } from "./systems/ApiCallResult";
import type { ApiSearchInput } from "./systems/ApiSearchInput";
import type { ApiSearchResult } from "./systems/ApiSearchResult";
import type { AskAnswer } from "./proving/AskAnswer";
import type { AskInput } from "./proving/AskInput";
import type { CountInput } from "./proving/CountInput";
import type { CountReport } from "./proving/CountReport";
import type { CreateTodoInput } from "./todo/CreateTodoInput";
import type { DelegateInput } from "./proving/DelegateInput";
import type { DelegateReport } from "./proving/DelegateReport";
import type { DisplayFileInput } from "./files/DisplayFileInput";
import type { DisplayFileReport } from "./files/DisplayFileReport";
import type { GetOrderInput } from "./oms/GetOrderInput";
import type { GetTodoInput } from "./todo/GetTodoInput";
import type { ImageGenerationInput } from "./image/ImageGenerationInput";
import type { ImageGenerationReport } from "./image/ImageGenerationReport";
import type { ImportOrdersInput } from "./oms/ImportOrdersInput";
import type { ListOrdersInput } from "./oms/ListOrdersInput";
import type { MarkInput } from "./proving/MarkInput";
import type { MarkReport } from "./proving/MarkReport";
import type { OmsResult } from "./oms/OmsResult";
import type { TaskCompletedInput } from "./task/TaskCompletedInput";
import type { TaskCompletedReport } from "./task/TaskCompletedReport";
import type { Thought } from "./thinking/Thought";
import type { TimeInput } from "./time/TimeInput";
import type { TimeReport } from "./time/TimeReport";
import type { TodoList } from "./todo/TodoList";
import type { TodoUpdate } from "./todo/TodoUpdate";
import type { UpdateTodoInput } from "./todo/UpdateTodoInput";
import type { WeatherInput } from "./weather/WeatherInput";
import type { WeatherReport } from "./weather/WeatherReport";

/** Every tool the server's families offer, with the types of its input and output. */
export type ToolTypes = {
  apiCall: { input: ApiCallInput; output: ApiCallResult };
  apiSearch: { input: ApiSearchInput; output: ApiSearchResult };
  createTodoList: { input: CreateTodoInput; output: TodoList };
  displayFileTool: { input: DisplayFileInput; output: DisplayFileReport };
  getTodoList: { input: GetTodoInput; output: TodoList };
  imageGenerationTool: { input: ImageGenerationInput; output: ImageGenerationReport };
  "oms-getOrder": { input: GetOrderInput; output: OmsResult };
  "oms-importOrders": { input: ImportOrdersInput; output: OmsResult };
  "oms-listOrders": { input: ListOrdersInput; output: OmsResult };
  provingAskTool: { input: AskInput; output: AskAnswer };
  provingCountTool: { input: CountInput; output: CountReport };
  provingDelegateTool: { input: DelegateInput; output: DelegateReport };
  provingMarkTool: { input: MarkInput; output: MarkReport };
  sequentialThinkingTool: { input: Thought; output: Thought };
  taskCompleted: { input: TaskCompletedInput; output: TaskCompletedReport };
  timeTool: { input: TimeInput; output: TimeReport };
  updateTodoTask: { input: UpdateTodoInput; output: TodoUpdate };
  weatherTool: { input: WeatherInput; output: WeatherReport };
};

export type ToolName = keyof ToolTypes;

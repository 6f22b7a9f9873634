import { describe, expect, it } from "vitest";
import type { CreateField } from "../api/trackerRest";
import { createFieldsOf, emptyDraft, formFieldsOf, splitLabels } from "./createDraft";

const field = (fieldId: string, required = false): CreateField => ({ fieldId, name: fieldId, required, schema: { type: "string" } });
const task = ["project", "issuetype", "customfield_10010", "summary", "labels", "description", "duedate", "priority", "assignee", "customfield_99999"].map((id) => field(id));

describe("the create form's fields", () => {
  it("shows the fields it knows in its own order, never the project, type or unknown ones", () => {
    expect(formFieldsOf(task).map((f) => f.fieldId)).toEqual(["summary", "description", "priority", "assignee", "labels", "duedate", "customfield_10010"]);
  });

  it("splits labels at commas and spaces, each once", () => {
    expect(splitLabels(" dock, night-shift  dock ,,safety\n")).toEqual(["dock", "night-shift", "safety"]);
    expect(splitLabels(" , ")).toEqual([]);
  });

  it("sends the project and type, and only what was filled", () => {
    expect(createFieldsOf("OPS", "10001", emptyDraft(), formFieldsOf(task))).toEqual({ project: { key: "OPS" }, issuetype: { id: "10001" } });
    const draft = { ...emptyDraft(), summary: "  Horn  ", description: "  \n ", labels: "a b", duedate: "2026-12-01", priority: "High", assignee: "u2", customfield_10010: "dc-ontario" };
    expect(createFieldsOf("OPS", "10001", draft, formFieldsOf(task))).toEqual({
      project: { key: "OPS" },
      issuetype: { id: "10001" },
      summary: "Horn",
      priority: { name: "High" },
      assignee: { accountId: "u2" },
      labels: ["a", "b"],
      duedate: "2026-12-01",
      customfield_10010: { id: "dc-ontario" },
    });
  });

  it("leaves out what the type's screen does not have (a due date for an Incident)", () => {
    const incident = formFieldsOf(task.filter((f) => f.fieldId !== "duedate"));
    expect(createFieldsOf("OPS", "10003", { ...emptyDraft(), summary: "Spill", duedate: "2026-12-01" }, incident)).toEqual({ project: { key: "OPS" }, issuetype: { id: "10003" }, summary: "Spill" });
  });
});

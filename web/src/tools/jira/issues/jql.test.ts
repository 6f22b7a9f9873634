import { describe, expect, it } from "vitest";
import { DEFAULT_JQL, QUICK_FILTERS, jqlValue, orderByIndex, textSearchOf, withProject } from "./jql";

describe("limiting a query to a project", () => {
  it("wraps the conditions and keeps the ordering after them", () => {
    expect(withProject("statusCategory != Done ORDER BY priority DESC, updated DESC", "OPS")).toBe("project = OPS AND (statusCategory != Done) ORDER BY priority DESC, updated DESC");
    expect(withProject("assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC", "WMS")).toBe(
      "project = WMS AND (assignee = currentUser() AND statusCategory != Done) ORDER BY updated DESC",
    );
    expect(withProject("status = Done OR priority = High", "CLM")).toBe("project = CLM AND (status = Done OR priority = High)");
  });

  it("needs no parentheses when the query only orders", () => {
    expect(withProject("ORDER BY created DESC", "OPS")).toBe("project = OPS ORDER BY created DESC");
    expect(withProject("order by created", "OPS")).toBe("project = OPS order by created");
    expect(withProject("", "OPS")).toBe("project = OPS");
    expect(withProject("   ", "OPS")).toBe("project = OPS");
  });

  it("leaves the query alone without a project", () => {
    expect(withProject(DEFAULT_JQL, null)).toBe(DEFAULT_JQL);
  });

  it("finds the ordering only outside quotes and parentheses", () => {
    expect(orderByIndex('summary ~ "order by mistake"')).toBe(-1);
    expect(orderByIndex("summary ~ 'sort order by hand' ORDER BY key")).toBe(31);
    expect(orderByIndex("(a = 1 ORDER BY x)")).toBe(-1);
    expect(orderByIndex("reorder = 1")).toBe(-1);
    expect(withProject('summary ~ "order by mistake" ORDER BY key', "OPS")).toBe('project = OPS AND (summary ~ "order by mistake") ORDER BY key');
    expect(withProject('summary ~ "a \\" order by b"', "OPS")).toBe('project = OPS AND (summary ~ "a \\" order by b")');
  });

  it("quotes a key that is not a plain word", () => {
    expect(jqlValue("OPS")).toBe("OPS");
    expect(jqlValue("MY PROJ")).toBe('"MY PROJ"');
    expect(jqlValue('a"b\\c')).toBe('"a\\"b\\\\c"');
  });

  it("offers the four quick filters in the order of the page", () => {
    expect(QUICK_FILTERS.map((f) => f.jql)).toEqual([
      "assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC",
      "statusCategory != Done ORDER BY priority DESC, updated DESC",
      "updated >= -7d ORDER BY updated DESC",
      "ORDER BY created DESC",
    ]);
  });
});

describe("words typed in the JQL box", () => {
  it("are a text search, quotes and backslashes escaped, a quoted phrase searched without its quotes", () => {
    expect(textSearchOf("dock door broken")).toEqual({ jql: 'text ~ "dock door broken"', words: "dock door broken" });
    expect(textSearchOf('  the "blue" trailer \\ 7  ')).toEqual({ jql: 'text ~ "the \\"blue\\" trailer \\\\ 7"', words: 'the "blue" trailer \\ 7' });
    expect(textSearchOf('"door 7"')?.jql).toBe('text ~ "door 7"');
    expect(textSearchOf("trailer is at door 7 and not moved")?.jql).toBe('text ~ "trailer is at door 7 and not moved"');
  });

  it("are not what could be a query: operators, parentheses, an ordering, nothing", () => {
    for (const query of ["status = Done", "summary ~ dock", "priority != High", "created >= -7d", "status in (Open)", "ORDER BY created DESC", "", "   ", '""']) {
      expect(textSearchOf(query)).toBeNull();
    }
  });
});

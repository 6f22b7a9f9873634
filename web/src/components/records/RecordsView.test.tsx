import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { AnswerView } from "./RecordsView";

const trailer = (n: number) => ({ id: `TRL-${String(n).padStart(5, "0")}`, status: "in_yard", arrivedAt: "2026-11-20T08:30:00Z", dueDate: "2026-12-01" });
const page = (received: number, total: number) => ({ data: Array.from({ length: received }, (_, i) => trailer(i + 1)), totalCount: total });

describe("dates in records", () => {
  it("reads a moment in the reader's language and time zone and a day as that day, the raw value in the title", async () => {
    render(<AnswerView data={[trailer(1), trailer(2)]} />);
    const table = screen.getByRole("table");
    const moment = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2026-11-20T08:30:00Z"));
    const arrived = within(table).getAllByRole("cell", { name: moment });
    expect(arrived).toHaveLength(2);
    expect(arrived[0]).toHaveAttribute("title", "2026-11-20T08:30:00Z");
    // A day names no moment: it is the same day wherever the reader is.
    const due = within(table).getAllByRole("cell", { name: "Dec 1, 2026" });
    expect(due[0]).toHaveAttribute("title", "2026-12-01");
    expect(within(table).queryByText("2026-11-20T08:30:00Z")).toBeNull();

    await chooseLanguage("de");
    expect(await within(table).findAllByRole("cell", { name: "01.12.2026" })).toHaveLength(2);
    await chooseLanguage("en");
  });

  it("reads a single record's dates the same way", () => {
    render(<AnswerView data={trailer(7)} />);
    const fields = screen.getByTestId("record-view");
    const value = within(fields).getByText("Due date", { selector: "dt" }).nextElementSibling;
    expect(value).toHaveTextContent("Dec 1, 2026");
    expect(value).toHaveAttribute("title", "2026-12-01");
  });
});

describe("the count line", () => {
  it("says how many records came of how many there are, so it agrees with 'Total N records'", () => {
    const { rerender } = render(<AnswerView data={page(50, 58)} />);
    expect(screen.getByTestId("records-count").textContent).toBe("Showing 10 of the 50 records received (58 in all)");
    rerender(<AnswerView data={page(4, 58)} />);
    expect(screen.getByTestId("records-count").textContent).toBe("4 records received (58 in all)");
    // All of them came: no total to add.
    rerender(<AnswerView data={page(50, 50)} />);
    expect(screen.getByTestId("records-count").textContent).toBe("Showing 10 of 50 records");
    rerender(<AnswerView data={page(3, 3)} />);
    expect(screen.getByTestId("records-count").textContent).toBe("3 records");
  });
});

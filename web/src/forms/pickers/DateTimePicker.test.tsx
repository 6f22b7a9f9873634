import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DateTimePicker, type DateTimePickerProps } from "./DateTimePicker";

/** The clock the tests stand at: Tuesday, February 29, 2028, 14:05:09 local time. */
const clock = () => new Date(2028, 1, 29, 14, 5, 9);

/** A form holding the value, as the dynamic form will. */
function Form({ initial, onChange, ...props }: Partial<DateTimePickerProps> & { initial?: string; onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="pickup">Pickup</label>
      <DateTimePicker
        id="pickup"
        now={clock}
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(initial?: string, props: Partial<DateTimePickerProps> = {}) {
  const onChange = vi.fn();
  render(<Form initial={initial} onChange={onChange} {...props} />);
  return { onChange, user: userEvent.setup(), field: screen.getByRole("combobox", { name: "Pickup" }) };
}

const dialog = () => screen.getByRole("dialog", { name: "Choose date and time" });
const option = (list: "Hour" | "Minute" | "Second", text: string) => within(screen.getByRole("listbox", { name: list })).getByRole("option", { name: text });
const selectedIn = (list: "Hour" | "Minute" | "Second") => within(screen.getByRole("listbox", { name: list })).getByRole("option", { selected: true });

describe("the date-time picker", () => {
  it("shows the placeholder and no clear button while empty", () => {
    const { field } = setup();
    expect(field).toHaveAttribute("placeholder", "Select date and time...");
    expect(field).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("shows its value as 'MMM dd, yyyy HH:mm:ss'", () => {
    const { field } = setup("2024-03-05 07:08:09");
    expect(field).toHaveValue("Mar 05, 2024 07:08:09");
  });

  it("commits the picked day and time as 'yyyy-MM-dd HH:mm:ss' on OK", async () => {
    const { field, user, onChange } = setup();
    await user.click(field);
    expect(field).toHaveAttribute("aria-expanded", "true");
    expect(within(dialog()).getByRole("heading")).toHaveTextContent("February 2028");

    await user.click(screen.getByRole("button", { name: "Next month" }));
    expect(within(dialog()).getByRole("heading")).toHaveTextContent("March 2028");
    await user.click(screen.getByRole("button", { name: "Wednesday, March 15, 2028" }));
    await user.click(option("Hour", "17"));
    await user.click(option("Minute", "45"));
    expect(selectedIn("Second")).toHaveTextContent("00");
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith("2028-03-15 17:45:00");
    expect(field).toHaveValue("Mar 15, 2028 17:45:00");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it("keeps the value's time, seconds included, when another day is picked", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(field);
    expect(screen.getByRole("button", { name: "Tuesday, March 5, 2024" }).closest("td")).toHaveAttribute("aria-selected", "true");
    expect(selectedIn("Second")).toHaveTextContent("09");
    await user.click(screen.getByRole("button", { name: "Wednesday, March 6, 2024" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("2024-03-06 07:08:09");
  });

  it("accepts an ISO value and commits it normalised", async () => {
    const { field, user, onChange } = setup("2024-03-05T07:08:09");
    expect(field).toHaveValue("Mar 05, 2024 07:08:09");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("2024-03-05 07:08:09");
  });

  it("reverts to the prior value on Cancel", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Friday, March 22, 2024" }));
    await user.click(option("Hour", "20"));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue("Mar 05, 2024 07:08:09");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(field);
    expect(selectedIn("Hour")).toHaveTextContent("07");
  });

  it("reverts on Escape and gives the focus back to the field", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Friday, March 22, 2024" }));
    await user.keyboard("{Escape}");
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(field).toHaveValue("Mar 05, 2024 07:08:09");
    expect(field).toHaveFocus();
  });

  it("reverts when the user presses outside it", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Friday, March 22, 2024" }));
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("takes the clock's moment on Now, committed by OK", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Now" }));
    expect(within(dialog()).getByRole("heading")).toHaveTextContent("February 2028");
    expect(selectedIn("Minute")).toHaveTextContent("05");
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("2028-02-29 14:05:09");
  });

  it("marks today and starts the week on Sunday", async () => {
    const { field, user } = setup();
    await user.click(field);
    expect(screen.getByRole("button", { name: "Tuesday, February 29, 2028" })).toHaveAttribute("aria-current", "date");
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(screen.getByRole("button", { name: "Tuesday, February 29, 2028" })).toHaveFocus();
  });

  it("empties the value with the clear button", async () => {
    const { field, user, onChange } = setup("2024-03-05 07:08:09");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(undefined);
    expect(field).toHaveValue("");
    expect(field).toHaveAttribute("placeholder", "Select date and time...");
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("moves the day with the arrow keys, across months, and picks with Enter", async () => {
    const { field, user, onChange } = setup("2024-03-05 10:00:00");
    field.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Tuesday, March 5, 2024" })).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Wednesday, March 6, 2024" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("button", { name: "Wednesday, March 13, 2024" })).toHaveFocus();
    await user.keyboard("{ArrowLeft>6/}");
    expect(screen.getByRole("button", { name: "Thursday, March 7, 2024" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("button", { name: "Thursday, February 29, 2024" })).toHaveFocus();
    expect(within(dialog()).getByRole("heading")).toHaveTextContent("February 2024");

    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Thursday, February 29, 2024" }).closest("td")).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("2024-02-29 10:00:00");
  });

  it("steps the hour list with the arrow keys, wrapping from 00 to 23", async () => {
    const { field, user, onChange } = setup("2024-03-05 00:59:00");
    await user.click(field);
    screen.getByRole("listbox", { name: "Hour" }).focus();
    await user.keyboard("{ArrowUp}");
    expect(selectedIn("Hour")).toHaveTextContent("23");
    screen.getByRole("listbox", { name: "Minute" }).focus();
    await user.keyboard("{ArrowDown}");
    expect(selectedIn("Minute")).toHaveTextContent("00");
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("2024-03-05 23:00:00");
  });

  it("carries the form's attributes and does not open while disabled", async () => {
    const onChange = vi.fn();
    render(<DateTimePicker id="due" value="2024-03-05 07:08:09" onChange={onChange} required invalid aria-describedby="due-error" disabled placeholder="Due by" />);
    const field = screen.getByRole("combobox");
    expect(field).toHaveAttribute("id", "due");
    expect(field).toHaveAttribute("aria-required", "true");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAttribute("aria-describedby", "due-error");
    expect(field).toHaveAttribute("placeholder", "Due by");
    expect(field).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
    await userEvent.setup().click(field);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});

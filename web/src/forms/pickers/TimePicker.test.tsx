import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TimePicker, type TimePickerProps } from "./TimePicker";

const clock = () => new Date(2028, 1, 29, 14, 5, 9);

function Form({ initial, onChange, ...props }: Partial<TimePickerProps> & { initial?: string; onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="cutoff">Cut-off</label>
      <TimePicker
        id="cutoff"
        now={clock}
        {...props}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

function setup(initial?: string, props: Partial<TimePickerProps> = {}) {
  const onChange = vi.fn();
  render(<Form initial={initial} onChange={onChange} {...props} />);
  return { onChange, user: userEvent.setup(), field: screen.getByRole("combobox", { name: "Cut-off" }) };
}

const selectedIn = (list: "Hour" | "Minute" | "Second") => within(screen.getByRole("listbox", { name: list })).getByRole("option", { selected: true });

describe("the time picker", () => {
  it("shows the placeholder while empty", () => {
    const { field } = setup();
    expect(field).toHaveAttribute("placeholder", "Select time...");
    expect(field).toHaveValue("");
  });

  it("opens on its hour list with the value's time", async () => {
    const { field, user } = setup("08:15:30");
    expect(field).toHaveValue("08:15:30");
    await user.click(field);
    expect(screen.getByRole("dialog", { name: "Choose time" })).toBeInTheDocument();
    expect(screen.getByRole("listbox", { name: "Hour" })).toHaveFocus();
    expect([selectedIn("Hour"), selectedIn("Minute"), selectedIn("Second")].map((o) => o.textContent)).toEqual(["08", "15", "30"]);
  });

  it("wraps the arrows upward: 23 to 00 and 59 to 00", async () => {
    const { field, user, onChange } = setup("23:59:59");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Increase hour" }));
    await user.click(screen.getByRole("button", { name: "Increase minute" }));
    await user.click(screen.getByRole("button", { name: "Increase second" }));
    expect([selectedIn("Hour"), selectedIn("Minute"), selectedIn("Second")].map((o) => o.textContent)).toEqual(["00", "00", "00"]);
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith("00:00:00");
    expect(field).toHaveValue("00:00:00");
  });

  it("wraps the arrows downward: 00 to 23 and 00 to 59", async () => {
    const { field, user, onChange } = setup("00:00:00");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Decrease hour" }));
    await user.click(screen.getByRole("button", { name: "Decrease minute" }));
    await user.click(screen.getByRole("button", { name: "Decrease second" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("23:59:59");
  });

  it("wraps with the keyboard in a list", async () => {
    const { field, user } = setup("23:00:00");
    await user.click(field);
    await user.keyboard("{ArrowDown}");
    expect(selectedIn("Hour")).toHaveTextContent("00");
    await user.keyboard("{ArrowUp}");
    expect(selectedIn("Hour")).toHaveTextContent("23");
  });

  it("commits a picked time on OK", async () => {
    const { field, user, onChange } = setup();
    await user.click(field);
    await user.click(within(screen.getByRole("listbox", { name: "Hour" })).getByRole("option", { name: "06" }));
    await user.click(within(screen.getByRole("listbox", { name: "Minute" })).getByRole("option", { name: "45" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("06:45:00");
  });

  it("reverts to the prior value on Cancel and on Escape", async () => {
    const { field, user, onChange } = setup("08:15:30");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Increase hour" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(field).toHaveValue("08:15:30");

    await user.click(field);
    expect(selectedIn("Hour")).toHaveTextContent("08");
    await user.click(screen.getByRole("button", { name: "Increase hour" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(field).toHaveValue("08:15:30");
    expect(field).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("takes the clock's time on Now", async () => {
    const { field, user, onChange } = setup("08:15:30");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Now" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("14:05:09");
  });

  it("works in 'HH:mm' without seconds", async () => {
    const { field, user, onChange } = setup("07:30", { seconds: false });
    expect(field).toHaveValue("07:30");
    await user.click(field);
    expect(screen.queryByRole("listbox", { name: "Second" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Now" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledWith("14:05");
  });

  it("empties the value with the clear button", async () => {
    const { field, user, onChange } = setup("08:15:30");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(field).toHaveValue("");
    expect(field).toHaveAttribute("placeholder", "Select time...");
  });

  it.each(["25:99", "abc"])("reports the invalid value %s to the console and shows 00:00:00", async (text) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { field, user } = setup(text);
    expect(error).toHaveBeenCalledWith(expect.stringContaining(text));
    expect(field).toHaveValue("00:00:00");
    await user.click(field);
    expect([selectedIn("Hour"), selectedIn("Minute"), selectedIn("Second")].map((o) => o.textContent)).toEqual(["00", "00", "00"]);
  });
});

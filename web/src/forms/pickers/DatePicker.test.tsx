import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { chooseLanguage } from "../../i18n";
import { DatePicker, type DatePickerProps } from "./DatePicker";

/** The clock the tests stand at: Tuesday, February 29, 2028, 14:05:09 local time. */
const clock = () => new Date(2028, 1, 29, 14, 5, 9);

function Form({ initial, onChange, ...props }: Partial<DatePickerProps> & { initial?: string; onChange: (value: string | undefined) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="ready">Ready on</label>
      <DatePicker
        id="ready"
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

function setup(initial?: string, props: Partial<DatePickerProps> = {}) {
  const onChange = vi.fn();
  render(<Form initial={initial} onChange={onChange} {...props} />);
  return { onChange, user: userEvent.setup(), field: screen.getByRole("combobox", { name: "Ready on" }) };
}

describe("the date picker", () => {
  it("shows its placeholder, then its value as 'MMM dd, yyyy'", () => {
    expect(setup().field).toHaveAttribute("placeholder", "Select date...");
  });

  it("commits the day clicked as 'yyyy-MM-dd' at once and closes", async () => {
    const { field, user, onChange } = setup("2024-03-05");
    expect(field).toHaveValue("Mar 05, 2024");
    await user.click(field);
    const dialog = screen.getByRole("dialog", { name: "Choose date" });
    expect(within(dialog).queryByRole("listbox")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Wednesday, March 20, 2024" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith("2024-03-20");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(field).toHaveValue("Mar 20, 2024");
    expect(field).toHaveFocus();
  });

  it("commits Today on OK", async () => {
    const { field, user, onChange } = setup("2024-03-05");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Today" }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith("2028-02-29");
    expect(field).toHaveValue("Feb 29, 2028");
  });

  it("takes today on Today, reverts on Cancel, and empties with the clear button", async () => {
    const { field, user, onChange } = setup("2024-03-05 10:00:00");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Today" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue("Mar 05, 2024");
    await user.click(field);
    await user.click(screen.getByRole("button", { name: "Today" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenLastCalledWith("2028-02-29");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(field).toHaveValue("");
  });

  it("reports a value that is no date and shows nothing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { field } = setup("someday");
    expect(field).toHaveValue("");
    expect(error).toHaveBeenCalledWith('Invalid date "someday": expected yyyy-MM-dd or an ISO string');
  });

  it("reads in the interface's language", async () => {
    await chooseLanguage("ja");
    const { field, user } = setup();
    expect(field).toHaveAttribute("placeholder", "日付を選択...");
    await user.click(field);
    expect(screen.getByRole("button", { name: "今日" })).toBeInTheDocument();
  });
});

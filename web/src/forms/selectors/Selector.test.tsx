import { type ReactElement, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OptionItem } from "../../generated/options/OptionItem";
import { createQueryClient } from "../../queryClient";
import { json, mockFetch } from "../../test/fetchMock";
import { CUSTOMERS, fakeOptionsServer, optionRequests } from "./fakeOptionsServer";
import { Selector, type SelectorProps, isMultipleSelector } from "./Selector";

afterEach(() => {
  vi.unstubAllGlobals();
});

type FormProps = Partial<SelectorProps> & { initial?: OptionItem[]; fieldLabel?: string };

/** A form holding the value, as the dynamic form will: a label, the selector, another control. */
function Form({ initial = [], onChange, fieldLabel = "Customer", ...props }: FormProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="customer">{fieldLabel}</label>
      <Selector
        id="customer"
        kind="customerSelector"
        label={fieldLabel}
        {...props}
        value={value}
        onChange={(picked) => {
          setValue(picked);
          onChange?.(picked);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

/** A carrier and its delivery service: changing the carrier clears the service, as the form does. */
function CarrierForm({ carrier: initialCarrier = null }: { carrier?: string | null }) {
  const [carrier, setCarrier] = useState<string | null>(initialCarrier);
  const [service, setService] = useState<OptionItem[]>([]);
  return (
    <>
      <button type="button" onClick={() => (setCarrier("ups"), setService([]))}>
        Use UPS
      </button>
      <button type="button" onClick={() => (setCarrier("fedex"), setService([]))}>
        Use FedEx
      </button>
      <label htmlFor="service">Delivery service</label>
      <Selector id="service" kind="deliveryServiceSelector" label="Delivery service" value={service} onChange={setService} dependsOnValue={carrier} dependsOnLabel="Carrier" />
    </>
  );
}

function setup(ui: ReactElement, server = fakeOptionsServer()) {
  const calls = mockFetch((call) => server.handler(call) ?? json(404, { code: "not_found", message: "Not found" }));
  const view = render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
  return { calls, user: userEvent.setup(), ...view };
}

const control = (name = "Customer") => screen.getByRole("combobox", { name });
const searchBox = () => screen.getByTestId("selector-search");
const options = () => screen.queryAllByTestId("selector-option");
const labels = () => options().map((o) => o.querySelector("bdi")?.textContent);
const listbox = () => screen.getByRole("listbox");
/** The option labelled `label`, once listed (found by test id: role queries over 40 options are slow in jsdom). */
const findOption = (label: string) =>
  waitFor(() => {
    const option = options().find((o) => o.querySelector("bdi")?.textContent === label);
    if (!option) throw new Error(`No option "${label}" among ${labels().join(", ")}`);
    return option;
  });
const activeOption = () => document.getElementById(searchBox().getAttribute("aria-activedescendant") ?? "");

describe("the selector", () => {
  it("is named by its label, carries the form's attributes and shows the placeholder", () => {
    setup(<Form required invalid describedBy="customer-error" />);
    const field = control();
    expect(field).toHaveAttribute("id", "customer");
    expect(field).toHaveAttribute("data-testid", "selector-customer");
    expect(field).toHaveAttribute("aria-required", "true");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAttribute("aria-describedby", "customer-error");
    expect(field).toHaveAttribute("aria-expanded", "false");
    expect(field).toHaveTextContent("Select…");
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("opens on a click, fetches nothing before, and lists the first page with a description line", async () => {
    const { calls, user } = setup(<Form placeholder="Pick a customer" />);
    expect(control()).toHaveTextContent("Pick a customer");
    expect(calls).toHaveLength(0);

    await user.click(control());
    expect(control()).toHaveAttribute("aria-expanded", "true");
    expect(control()).toHaveAttribute("aria-controls", listbox().id);
    expect(searchBox()).toHaveFocus();
    expect(searchBox()).toHaveAccessibleName("Search Customer");
    expect(await findOption("Customer 01")).toHaveAttribute("data-value", "c01");
    // Named by its label and its description line.
    expect(screen.getByRole("option", { name: "Customer 01 Chicago" })).toHaveAttribute("aria-selected", "false");
    expect(options()).toHaveLength(20);
    expect(listbox()).toHaveAccessibleName("Customer options");
    expect(optionRequests(calls)).toEqual([{ kind: "customerSelector", q: null, dependsOn: null, page: "1" }]);
  });

  it("sends the search once the typing settles, and shows what matches", async () => {
    const { calls, user } = setup(<Form />);
    await user.click(control());
    await findOption("Customer 01");

    await user.type(searchBox(), "denv");
    await waitFor(() => expect(labels()).toEqual(CUSTOMERS.filter((c) => c.description === "Denver").map((c) => c.label).slice(0, 20)));
    // The settled word is sent, not a request per letter (the delay itself: api/options.test.ts).
    const searches = optionRequests(calls).map((r) => r.q);
    expect(searches[0]).toBeNull();
    expect(searches.at(-1)).toBe("denv");
    expect(searches.length).toBeLessThan(1 + "denv".length);

    await user.clear(searchBox());
    await user.type(searchBox(), "zzz");
    expect(await screen.findByText("No matches")).toBeInTheDocument();
    expect(options()).toHaveLength(0);
  });

  it("loads the next page from the Load more row and when the list is scrolled to its end", async () => {
    const { calls, user } = setup(<Form />);
    await user.click(control());
    await findOption("Customer 20");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await findOption("Customer 40");
    expect(options()).toHaveLength(40);
    expect(searchBox()).toHaveFocus();

    const scroller = listbox().parentElement!;
    Object.defineProperties(scroller, { scrollHeight: { value: 1600, configurable: true }, clientHeight: { value: 288, configurable: true } });
    scroller.scrollTop = 1312;
    fireEvent.scroll(scroller);
    await findOption("Customer 45");
    expect(options()).toHaveLength(45);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(optionRequests(calls).map((r) => r.page)).toEqual(["1", "2", "3"]);
  });

  it("picks one option: closes, shows its label, gives the focus back and hands the form the whole item", async () => {
    const onChange = vi.fn();
    const { user } = setup(<Form onChange={onChange} />);
    await user.click(control());
    await user.click(await findOption("Customer 03"));

    expect(onChange).toHaveBeenCalledExactlyOnceWith([CUSTOMERS[2]]);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(control()).toHaveTextContent("Customer 03");
    expect(control()).toHaveFocus();

    // Open again: the picked one is checked and active; picking it again changes nothing.
    await user.click(control());
    const picked = await findOption("Customer 03");
    expect(picked).toHaveAttribute("aria-selected", "true");
    expect(activeOption()).toBe(picked);
    await user.click(picked);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("keeps several options in a multiple selector: toggles with checkmarks, stays open, shows chips to remove", async () => {
    const onChange = vi.fn();
    const { user } = setup(<Form kind="accessorialMultipleSelector" fieldLabel="Accessorials" onChange={onChange} />);
    expect(isMultipleSelector("accessorialMultipleSelector")).toBe(true);
    expect(isMultipleSelector("multipleUserSelector")).toBe(true);
    expect(isMultipleSelector("userSelector")).toBe(false);

    await user.click(control("Accessorials"));
    expect(listbox()).toHaveAttribute("aria-multiselectable", "true");
    await user.click(await screen.findByRole("option", { name: /Liftgate/ }));
    await user.click(screen.getByRole("option", { name: "Appointment" }));
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    expect(screen.getAllByRole("option", { selected: true }).map((o) => o.dataset.value)).toEqual(["liftgate", "appointment"]);

    await user.click(screen.getByRole("option", { name: /Liftgate/ }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: "appointment", label: "Appointment" }]);
    await user.click(screen.getByRole("option", { name: "Inside delivery" }));
    expect(screen.getAllByTestId("selector-chip").map((c) => c.textContent)).toEqual(["Appointment×", "Inside delivery×"]);
    expect(control("Accessorials")).toHaveTextContent("2 selected");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Appointment" }));
    expect(onChange).toHaveBeenLastCalledWith([{ value: "inside", label: "Inside delivery" }]);
    expect(screen.getAllByTestId("selector-chip")).toHaveLength(1);
    expect(control("Accessorials")).toHaveFocus();
  });

  it("empties the value with the clear button", async () => {
    const onChange = vi.fn();
    const { user } = setup(<Form initial={[CUSTOMERS[4]!]} onChange={onChange} />);
    expect(control()).toHaveTextContent("Customer 05");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([]);
    expect(control()).toHaveTextContent("Select…");
    expect(control()).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("works from the keyboard: arrows, Home, End (loading the next page), Enter, Escape", async () => {
    const onChange = vi.fn();
    const { calls, user } = setup(<Form onChange={onChange} />);
    control().focus();
    await user.keyboard("{ArrowDown}");
    expect(searchBox()).toHaveFocus();
    await findOption("Customer 01");
    expect(activeOption()).toHaveAttribute("data-value", "c01");

    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(activeOption()).toHaveAttribute("data-value", "c03");
    await user.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveAttribute("data-value", "c02");
    await user.keyboard("{End}");
    expect(activeOption()).toHaveAttribute("data-value", "c20");
    // The last option loaded: the next page comes without a press on Load more.
    await findOption("Customer 21");
    expect(optionRequests(calls).map((r) => r.page)).toEqual(["1", "2"]);
    await user.keyboard("{Home}");
    expect(activeOption()).toHaveAttribute("data-value", "c01");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(control()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    // Typing on the closed control opens it with the letters in the search box.
    await user.keyboard("Customer 07");
    expect(searchBox()).toHaveValue("Customer 07");
    await waitFor(() => expect(labels()).toEqual(["Customer 07"]));
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenCalledExactlyOnceWith([CUSTOMERS[6]]);
    expect(control()).toHaveTextContent("Customer 07");
    expect(control()).toHaveFocus();
  });

  it("closes when the user presses outside it or tabs away, without changing the value", async () => {
    const onChange = vi.fn();
    const { user } = setup(<Form onChange={onChange} />);
    await user.click(control());
    await findOption("Customer 01");
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();

    await user.click(control());
    await findOption("Customer 01");
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Elsewhere" })).toHaveFocus();
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it("stays disabled with a hint until its dependency has a value, then lists that value's options", async () => {
    const { calls, user } = setup(<CarrierForm />);
    const field = control("Delivery service");
    expect(field).toBeDisabled();
    expect(field).toHaveTextContent("Choose Carrier first");
    await user.click(field);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Use UPS" }));
    expect(field).toBeEnabled();
    await user.click(field);
    await user.click(await screen.findByRole("option", { name: "UPS 2nd Day Air" }));
    expect(field).toHaveTextContent("UPS 2nd Day Air");

    await user.click(screen.getByRole("button", { name: "Use FedEx" }));
    expect(field).toHaveTextContent("Select…");
    await user.click(field);
    await screen.findByRole("option", { name: "FedEx Ground" });
    expect(labels()).toEqual(["FedEx Ground", "FedEx Priority Overnight"]);
    expect(optionRequests(calls).map((r) => r.dependsOn)).toEqual(["ups", "fedex"]);
  });

  it("shows a disabled field's value without clear or remove buttons", async () => {
    setup(<Form kind="multipleUserSelector" fieldLabel="Watchers" disabled initial={[{ value: "u1", label: "Ada Lovelace" }]} />);
    expect(control("Watchers")).toBeDisabled();
    expect(screen.getByTestId("selector-chip")).toHaveTextContent("Ada Lovelace");
    expect(screen.queryByRole("button", { name: /Remove|Clear/ })).not.toBeInTheDocument();
  });

  it("says when the options could not be loaded, and retries", async () => {
    let failures = 1;
    const server = fakeOptionsServer({
      fail: () => (failures-- > 0 ? json(404, { code: "not_found", message: "No selector named customerSelector" }) : undefined),
    });
    const { user } = setup(<Form />, server);
    await user.click(control());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The options could not be loaded.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await findOption("Customer 01")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(searchBox()).toHaveFocus();
  });

  it("keeps the loaded options when a next page fails, and retries that page", async () => {
    let failures = 1;
    const server = fakeOptionsServer({
      fail: ({ page }) => (page === 2 && failures-- > 0 ? json(429, { code: "too_many_requests", message: "Slow down" }) : undefined),
    });
    const { user } = setup(<Form />, server);
    await user.click(control());
    await findOption("Customer 20");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    const alert = await screen.findByRole("alert");
    expect(options()).toHaveLength(20);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await findOption("Customer 40");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("labels from the server", () => {
  const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const long = `Consolidated Freight & Warehousing International Holdings ${"Logistics ".repeat(20)}Ltd.`;
  const arabic = "شركة النقل السريع";
  const hebrew = "הובלות מהירות בע״מ";
  const lists = {
    customerSelector: [
      { value: "h", label: hostile, description: '<b onmouseover="alert(3)">bold</b>' },
      { value: "long", label: long, description: long },
      { value: "ar", label: arabic, description: "الرياض" },
      { value: "he", label: hebrew },
    ],
  };

  it("render HTML as literal text, never as markup", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    const { user, container } = setup(<Form />, fakeOptionsServer({ lists }));
    await user.click(control());
    const option = await screen.findByRole("option", { name: `${hostile} <b onmouseover="alert(3)">bold</b>` });
    expect(option.querySelector("img, script, b")).toBeNull();
    expect(within(option).getByText(hostile)).toBeInTheDocument();

    await user.click(option);
    expect(control()).toHaveTextContent(hostile);
    expect(container.querySelector("img, script, b")).toBeNull();
    expect(document.querySelector("img, script")).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it("cut a long label to one line with the whole text in its title", async () => {
    const { user } = setup(<Form kind="multipleUserSelector" fieldLabel="Watchers" />, fakeOptionsServer({ lists: { multipleUserSelector: lists.customerSelector } }));
    await user.click(control("Watchers"));
    const option = await screen.findByRole("option", { name: `${long} ${long}` });
    const [label, description] = option.querySelectorAll("[title]");
    expect(label).toHaveAttribute("title", long);
    expect(label?.parentElement).toHaveClass("truncate");
    expect(description).toHaveAttribute("title", long);
    expect(description?.parentElement).toHaveClass("truncate");

    await user.click(option);
    const chip = screen.getByTestId("selector-chip");
    expect(within(chip).getByText(long)).toHaveAttribute("title", long);
    expect(within(chip).getByText(long)).toHaveClass("truncate");
  });

  it("isolate right-to-left labels so they do not turn the layout around", async () => {
    const { user } = setup(<Form kind="multipleUserSelector" fieldLabel="Watchers" />, fakeOptionsServer({ lists: { multipleUserSelector: lists.customerSelector } }));
    await user.click(control("Watchers"));
    const option = await screen.findByRole("option", { name: `${arabic} الرياض` });
    for (const text of [arabic, "الرياض"]) {
      const element = within(option).getByText(text);
      expect(element.tagName).toBe("BDI");
      expect(element).toHaveAttribute("dir", "auto");
    }
    await user.click(option);
    await user.click(screen.getByRole("option", { name: hebrew }));
    const chips = screen.getAllByTestId("selector-chip");
    expect(chips.map((c) => within(c).getByText(/[\u0590-\u06ff]/).tagName)).toEqual(["BDI", "BDI"]);
    // Nothing around them takes a direction from the labels.
    expect(document.querySelector('[dir="rtl"]')).toBeNull();
    expect(screen.getByRole("button", { name: `Remove ${hebrew}` })).toBeInTheDocument();
  });

  it("show a picked right-to-left label isolated in the closed control", () => {
    setup(<Form initial={[{ value: "ar", label: arabic }]} />);
    const text = within(control()).getByText(arabic);
    expect(text.tagName).toBe("BDI");
    expect(text).toHaveAttribute("title", arabic);
  });
});

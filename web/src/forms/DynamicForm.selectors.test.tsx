import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import { createQueryClient } from "../queryClient";
import { json, mockFetch } from "../test/fetchMock";
import { DynamicForm } from "./DynamicForm";
import { fakeOptionsServer, optionRequests } from "./selectors/fakeOptionsServer";

// The form with the real selectors, against the options API in memory.

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields: FormField[] = [
  { name: "carrierId", label: "Carrier", type: "carrierSelector", required: true },
  { name: "serviceId", label: "Delivery service", type: "deliveryServiceSelector", dependsOn: "carrierId", required: true },
];

describe("the dynamic form with its selectors", () => {
  it("names each selector by its label, passes the dependency, and submits the picks with their labels", async () => {
    const server = fakeOptionsServer();
    const calls = mockFetch((call) => server.handler(call) ?? json(404, { code: "not_found", message: "Not found" }));
    const onSubmit = vi.fn(async () => undefined);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DynamicForm fields={fields} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const service = screen.getByRole("combobox", { name: "Delivery service" });
    expect(service).toBeDisabled();
    expect(service).toHaveTextContent("Choose Carrier first");

    await user.click(screen.getByTestId("form-submit"));
    expect(screen.getByTestId("form-error-carrierId")).toHaveTextContent("Carrier is required");
    expect(screen.getByRole("combobox", { name: "Carrier" })).toHaveAttribute("aria-invalid", "true");

    await user.click(screen.getByRole("combobox", { name: "Carrier" }));
    await user.click(await screen.findByRole("option", { name: /^UPS/ }));
    expect(screen.queryByTestId("form-error-carrierId")).toBeNull();
    await user.click(service);
    await user.click(await screen.findByRole("option", { name: "UPS Ground 1–5 business days" }));
    expect(service).toHaveTextContent("UPS Ground");

    await user.click(screen.getByTestId("form-submit"));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      values: { carrierId: "ups", serviceId: "ups-ground" },
      labels: {
        carrierId: { value: "ups", label: "UPS" },
        serviceId: { value: "ups-ground", label: "UPS Ground" },
      },
    });
    expect(optionRequests(calls).map((r) => [r.kind, r.dependsOn])).toEqual([
      ["carrierSelector", null],
      ["deliveryServiceSelector", "ups"],
    ]);
  });

  it("starts with the option the user's words name, picked, and leaves words that name none", async () => {
    const server = fakeOptionsServer();
    const calls = mockFetch((call) => server.handler(call) ?? json(404, { code: "not_found", message: "Not found" }));
    const onSubmit = vi.fn(async () => undefined);
    const named: FormField[] = [
      { name: "customerId", label: "Customer", type: "customerSelector", defaultValue: "customer 07" },
      { name: "carrierId", label: "Carrier", type: "carrierSelector", defaultValue: "Nobody Freight" },
    ];
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DynamicForm fields={named} onSubmit={onSubmit} />
      </QueryClientProvider>,
    );
    const customer = screen.getByRole("combobox", { name: "Customer" });
    await waitFor(() => expect(customer).toHaveTextContent("Customer 07"));
    expect(screen.getByRole("combobox", { name: "Carrier" })).toHaveTextContent("Nobody Freight");
    expect(optionRequests(calls).map((r) => [r.kind, r.q])).toEqual([
      ["customerSelector", "customer 07"],
      ["carrierSelector", "Nobody Freight"],
    ]);

    await userEvent.setup().click(screen.getByTestId("form-submit"));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      values: { customerId: "c07", carrierId: "Nobody Freight", taskCmd: { customerId: "c07" } },
      labels: { customerId: { value: "c07", label: "Customer 07", data: { id: "c07", code: "CUST07" } } },
    });
  });
});

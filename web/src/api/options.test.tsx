import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../auth/store";
import type { LoginResponse } from "../generated/LoginResponse";
import type { OptionsPage } from "../generated/options/OptionsPage";
import { createQueryClient } from "../queryClient";
import { json, mockFetch } from "../test/fetchMock";
import { makeJwt } from "../test/jwt";
import { ApiRequestError } from "./client";
import { SEARCH_DEBOUNCE_MS, fetchOptions, optionsPath, useOptions, useSettledSearch } from "./options";

const nowSec = () => Math.floor(Date.now() / 1000);

const session: LoginResponse = {
  accessToken: makeJwt({ sub: "ada", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Ada", userName: "ada", email: "ada@example.test" },
  tenants: [{ id: "t1", name: "North Hub", facilities: [{ id: "f1", name: "Dock A" }], roles: [] }],
};

const page = (n: number, values: string[], hasMore: boolean): OptionsPage => ({
  options: values.map((value) => ({ value, label: value.toUpperCase() })),
  page: n,
  hasMore,
});

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the options path", () => {
  it("carries the trimmed search, the dependency and the page", () => {
    expect(optionsPath("deliveryServiceSelector", { q: "  2nd day ", dependsOn: "ups/ground", page: 3 })).toBe(
      "/api/options/deliveryServiceSelector?q=2nd+day&dependsOn=ups%2Fground&page=3",
    );
  });

  it("leaves out a blank search and an empty dependency, and starts at page 1", () => {
    expect(optionsPath("stateSelector", { q: "   " })).toBe("/api/options/stateSelector?page=1");
    expect(optionsPath("itemmasterSelector", { dependsOn: null })).toBe("/api/options/itemmasterSelector?page=1");
    expect(optionsPath("itemmasterSelector", { dependsOn: "" })).toBe("/api/options/itemmasterSelector?page=1");
  });
});

describe("fetchOptions", () => {
  it("asks with the session's token, tenant and facility", async () => {
    const answer = page(1, ["ca", "co"], false);
    const calls = mockFetch(() => json(200, answer));
    await expect(fetchOptions("stateSelector", { q: "c", page: 1 })).resolves.toEqual(answer);
    expect(calls[0]!.method).toBe("GET");
    expect(calls[0]!.path).toBe("/api/options/stateSelector?q=c&page=1");
    expect(calls[0]!.headers.get("Authorization")).toBe(`Bearer ${session.accessToken}`);
    expect(calls[0]!.headers.get("X-Tenant-Id")).toBe("t1");
    expect(calls[0]!.headers.get("X-Facility-Id")).toBe("f1");
  });

  it("rejects with the server's error for an unknown kind", async () => {
    mockFetch(() => json(404, { code: "not_found", message: "No selector named fooSelector" }));
    const error = await fetchOptions("userSelector", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "No selector named fooSelector" });
  });
});

describe("useSettledSearch", () => {
  it("answers the trimmed text once it has stayed the same for the delay, and a cleared one at once", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useSettledSearch(text), { initialProps: { text: "" } });
    rerender({ text: "a" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    rerender({ text: "ac " });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("ac");
    rerender({ text: " " });
    expect(result.current).toBe("");
  });
});

describe("useOptions", () => {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;

  it("fetches nothing while disabled, then pages through the options, each value once", async () => {
    const pages: Record<string, OptionsPage> = {
      "1": page(1, ["a", "b"], true),
      // A record added between the two requests shifts "b" onto the next page too.
      "2": page(2, ["b", "c"], false),
    };
    const calls = mockFetch((call) => json(200, pages[new URL(call.path, "http://x").searchParams.get("page") ?? ""]));
    const { result, rerender } = renderHook(({ enabled }) => useOptions("customerSelector", { search: "", enabled }), { wrapper, initialProps: { enabled: false } });
    expect(calls).toHaveLength(0);

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.options.map((o) => o.value)).toEqual(["a", "b"]));
    expect(result.current.query.hasNextPage).toBe(true);
    await act(() => result.current.query.fetchNextPage());
    await waitFor(() => expect(result.current.options.map((o) => o.value)).toEqual(["a", "b", "c"]));
    expect(result.current.query.hasNextPage).toBe(false);
  });

  it("never shows one dependency's options for another", async () => {
    mockFetch((call) => {
      const carrier = new URL(call.path, "http://x").searchParams.get("dependsOn");
      return json(200, page(1, [`${carrier}-ground`], false));
    });
    const { result, rerender } = renderHook(({ dependsOn }) => useOptions("deliveryServiceSelector", { search: "", dependsOn, enabled: true }), {
      wrapper,
      initialProps: { dependsOn: "ups" },
    });
    await waitFor(() => expect(result.current.options.map((o) => o.value)).toEqual(["ups-ground"]));
    rerender({ dependsOn: "fedex" });
    expect(result.current.options).toEqual([]);
    await waitFor(() => expect(result.current.options.map((o) => o.value)).toEqual(["fedex-ground"]));
  });
});

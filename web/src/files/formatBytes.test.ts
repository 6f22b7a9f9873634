import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../i18n";
import { formatBytes, useFormatBytes } from "./formatBytes";

describe("file sizes in the viewer", () => {
  it("counts in Bytes, KB, MB and GB, base 1024, with two decimals", () => {
    expect(formatBytes(0)).toBe("0 Bytes");
    expect(formatBytes(512)).toBe("512 Bytes");
    expect(formatBytes(1023)).toBe("1023 Bytes");
    expect(formatBytes(1024)).toBe("1.00 KB");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(1024 * 1024)).toBe("1.00 MB");
    expect(formatBytes(5.25 * 1024 * 1024)).toBe("5.25 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.00 GB");
  });

  it("stays in GB past it, and never prints 1024.00 of a unit", () => {
    expect(formatBytes(2 * 1024 ** 4)).toBe("2048.00 GB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1.00 MB");
  });

  it("reads nonsense as nothing", () => {
    expect(formatBytes(-1)).toBe("0 Bytes");
    expect(formatBytes(Number.NaN)).toBe("0 Bytes");
  });
});

describe("one size format for the input area and the cards", () => {
  it("gives the input area one decimal (spec 002 §5) with the cards' unit names", () => {
    expect(formatBytes(313, { decimals: 1 })).toBe("313 Bytes");
    expect(formatBytes(50_504, { decimals: 1 })).toBe("49.3 KB");
    expect(formatBytes(50_504)).toBe("49.32 KB");
    expect(formatBytes(101 * 1024 * 1024, { decimals: 1 })).toBe("101.0 MB");
    expect(formatBytes(1024 * 1024 - 40, { decimals: 1 })).toBe("1.0 MB");
    expect(formatBytes(3 * 1024 ** 3, { decimals: 1 })).toBe("3.0 GB");
  });

  it("names the units and writes the decimals in the reader's language", async () => {
    const { result, rerender } = renderHook(() => useFormatBytes());
    expect([result.current(313), result.current(50_504), result.current(50_504, 1)]).toEqual(["313 Bytes", "49.32 KB", "49.3 KB"]);
    await chooseLanguage("de");
    rerender();
    expect([result.current(313), result.current(50_504), result.current(50_504, 1)]).toEqual(["313 Byte", "49,32 KB", "49,3 KB"]);
    await chooseLanguage("fr");
    rerender();
    expect([result.current(313), result.current(5.25 * 1024 * 1024)]).toEqual(["313 octets", "5,25 Mo"]);
    await chooseLanguage("zh-CN");
    rerender();
    expect([result.current(313), result.current(1536, 1)]).toEqual(["313 字节", "1.5 KB"]);
  });
});

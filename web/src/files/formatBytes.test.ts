import { describe, expect, it } from "vitest";
import { formatBytes } from "./formatBytes";

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

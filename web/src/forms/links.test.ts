import { describe, expect, it } from "vitest";
import { fileNameOf, safeLink } from "./links";

describe("links from values", () => {
  it("are made only of web addresses and the site's own paths", () => {
    expect(safeLink("/api/file-app/v1/file/view/tok/a.pdf")).toBe("/api/file-app/v1/file/view/tok/a.pdf");
    expect(safeLink("https://files.example.com/a.pdf")).toBe("https://files.example.com/a.pdf");
    expect(safeLink("javascript:alert(1)")).toBeNull();
    expect(safeLink(" JavaScript:alert(1)")).toBeNull();
    expect(safeLink("data:text/html,<script>")).toBeNull();
    expect(safeLink("//evil.example/a")).toBeNull();
  });

  it("name the file by the last part of the path", () => {
    expect(fileNameOf("/api/file-app/v1/file/view/tok/bol%207.pdf?x=1")).toBe("bol 7.pdf");
    expect(fileNameOf("/broken/%E0%A4%A")).toBe("%E0%A4%A");
  });
});

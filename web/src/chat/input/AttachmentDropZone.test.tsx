import { createEvent, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AttachmentDropZone } from "./AttachmentDropZone";

function drag(type: "dragEnter" | "dragLeave" | "drop", target: Element, files: File[] = []) {
  const event = createEvent[type](target);
  Object.defineProperty(event, "dataTransfer", { value: { types: ["Files"], files, dropEffect: "none" } });
  fireEvent(target, event);
}

describe("dropping files on the conversation", () => {
  it("shows 'Drop files here' while files are dragged over, and hands over what was dropped", () => {
    const onDrop = vi.fn();
    render(
      <AttachmentDropZone onDrop={onDrop}>
        <p>conversation</p>
      </AttachmentDropZone>,
    );
    const area = screen.getByText("conversation");
    drag("dragEnter", area);
    expect(screen.getByTestId("drop-overlay")).toHaveTextContent("Drop files here");
    drag("dragLeave", area);
    expect(screen.queryByTestId("drop-overlay")).toBeNull();

    const file = new File(["x"], "dock.png", { type: "image/png" });
    drag("dragEnter", area);
    drag("drop", area, [file]);
    expect(onDrop).toHaveBeenCalledWith([file]);
    expect(screen.queryByTestId("drop-overlay")).toBeNull();
  });
});

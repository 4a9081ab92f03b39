import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { tagColour } from "~/content/tag-colours";
import { TagFilter } from "./tag-filter";

function Toggling({ tags, onSelection }: { tags: string[]; onSelection?: (selected: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  onSelection?.(selected);
  return (
    <TagFilter
      tags={tags}
      selected={selected}
      onToggle={(tag) => setSelected((s) => (s.includes(tag) ? s.filter((t) => t !== tag) : [...s, tag]))}
    />
  );
}

const box = (name: string) => screen.getByRole<HTMLInputElement>("checkbox", { name });

describe("TagFilter", () => {
  it("shows 'Loading...' while there are no tags", () => {
    render(<TagFilter tags={[]} selected={[]} onToggle={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe("Loading...");
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("renders one checkbox pill per tag, in the given order, coloured by tag", () => {
    render(<TagFilter tags={["Poster", "Branding", "Sound"]} selected={["Branding"]} onToggle={() => {}} />);
    const boxes = screen.getAllByRole<HTMLInputElement>("checkbox");
    expect(boxes.map((b) => b.value)).toEqual(["Poster", "Branding", "Sound"]);
    expect(boxes.map((b) => b.checked)).toEqual([false, true, false]);
    const pills = boxes.map((b) => b.closest("label")!);
    expect(pills.map((pill) => pill.textContent)).toEqual(["Poster", "Branding", "Sound"]);
    expect(pills[0]!.style.getPropertyValue("--tag-colour")).toBe(tagColour("Poster"));
    // unknown tags are black
    expect(pills[2]!.style.getPropertyValue("--tag-colour")).toBe("#000000");
  });

  it("toggles a tag on and off", () => {
    render(<Toggling tags={["Poster", "Branding"]} />);
    fireEvent.click(box("Poster"));
    expect(box("Poster").checked).toBe(true);
    fireEvent.click(box("Branding"));
    expect(box("Branding").checked).toBe(true);
    fireEvent.click(box("Poster"));
    expect(box("Poster").checked).toBe(false);
  });

  it("reports the tag a pill stands for", () => {
    const onToggle = vi.fn();
    render(<TagFilter tags={["Digital"]} selected={[]} onToggle={onToggle} />);
    fireEvent.click(box("Digital"));
    expect(onToggle).toHaveBeenCalledWith("Digital");
  });

  it("takes a tap made before hydration into the selection once the page hydrates", async () => {
    const tags = ["Poster", "Branding", "Sound"];
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Toggling tags={tags} />);
    document.body.append(container);
    // the visitor taps 'Sound' on the prerendered page: the browser checks the box
    container.querySelector<HTMLInputElement>('input[value="Sound"]')!.click();
    let selection: string[] = [];
    try {
      await act(async () => {
        hydrateRoot(
          container,
          <Toggling
            tags={tags}
            onSelection={(selected) => {
              selection = selected;
            }}
          />,
        );
      });
      expect(selection).toEqual(["Sound"]);
      expect(box("Sound").checked).toBe(true);
      // and the next tap unselects it, as it would have without the wait
      fireEvent.click(box("Sound"));
      expect(selection).toEqual([]);
      expect(box("Sound").checked).toBe(false);
    } finally {
      container.remove();
    }
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { tagColour } from "~/content/tag-colours";
import { TagFilter } from "./tag-filter";

function Toggling({ tags }: { tags: string[] }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <TagFilter
      tags={tags}
      selected={selected}
      onToggle={(tag) => setSelected((s) => (s.includes(tag) ? s.filter((t) => t !== tag) : [...s, tag]))}
    />
  );
}

describe("TagFilter", () => {
  it("shows 'Loading...' while there are no tags", () => {
    render(<TagFilter tags={[]} selected={[]} onToggle={() => {}} />);
    expect(screen.getByText("Loading...")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("renders one toggle button per tag, in the given order, coloured by tag", () => {
    render(<TagFilter tags={["Poster", "Branding", "Sound"]} selected={["Branding"]} onToggle={() => {}} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Poster", "Branding", "Sound"]);
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "true", "false"]);
    expect(buttons[0]!.style.getPropertyValue("--tag-colour")).toBe(tagColour("Poster"));
    // unknown tags are black
    expect(buttons[2]!.style.getPropertyValue("--tag-colour")).toBe("#000000");
  });

  it("toggles a tag on and off", () => {
    render(<Toggling tags={["Poster", "Branding"]} />);
    const poster = screen.getByRole("button", { name: "Poster" });
    fireEvent.click(poster);
    expect(poster.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Branding" }));
    expect(screen.getByRole("button", { name: "Branding" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(poster);
    expect(poster.getAttribute("aria-pressed")).toBe("false");
  });

  it("reports the tag a button stands for", () => {
    const onToggle = vi.fn();
    render(<TagFilter tags={["Digital"]} selected={[]} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole("button", { name: "Digital" }));
    expect(onToggle).toHaveBeenCalledWith("Digital");
  });
});

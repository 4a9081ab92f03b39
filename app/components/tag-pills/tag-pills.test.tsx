import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TAG_COLOURS, UNKNOWN_TAG_COLOUR } from "~/content/tag-colours";
import { TagPills } from "./tag-pills";

describe("TagPills", () => {
  it("gives each pill its tag's colour, black for an unknown tag", () => {
    render(<TagPills tags={["Research", "Poster", "Sound"]} selected={[]} onToggle={() => {}} />);
    const colour = (name: string) =>
      screen.getByRole("checkbox", { name }).closest("label")!.style.getPropertyValue("--tag-colour");
    expect(colour("Research")).toBe(TAG_COLOURS.Research);
    expect(colour("Poster")).toBe(TAG_COLOURS.Poster);
    expect(colour("Sound")).toBe(UNKNOWN_TAG_COLOUR);
    expect(UNKNOWN_TAG_COLOUR).toBe("#000000");
    expect(new Set(["Research", "Poster"].map(colour)).size).toBe(2);
  });

  it("checks the selected pill's box (its italics come from CSS, checked in the browser tests)", () => {
    render(<TagPills tags={["Research", "Poster"]} selected={["Poster"]} onToggle={() => {}} />);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Poster" }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Research" }).checked).toBe(false);
  });

  it("reports the tag of the pill pressed", async () => {
    const onToggle = vi.fn();
    render(<TagPills tags={["Research", "Poster"]} selected={[]} onToggle={onToggle} />);
    await userEvent.click(screen.getByRole("checkbox", { name: "Research" }));
    expect(onToggle).toHaveBeenCalledWith("Research");
  });

  it("renders nothing without tags", () => {
    const { container } = render(<TagPills tags={[]} selected={[]} onToggle={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});

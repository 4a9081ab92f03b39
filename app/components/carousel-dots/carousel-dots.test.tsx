import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CarouselDots } from "./carousel-dots";

describe("CarouselDots", () => {
  it("names each dot and marks only the selected one current", () => {
    render(<CarouselDots count={4} selected={2} onSelect={() => {}} />);
    const dots = screen.getAllByRole("button");
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual([
      "Slide 1 von 4",
      "Slide 2 von 4",
      "Slide 3 von 4",
      "Slide 4 von 4",
    ]);
    expect(dots.map((dot) => dot.getAttribute("aria-current"))).toEqual([null, null, "true", null]);
  });

  it("reports the dot's slide when clicked", () => {
    const onSelect = vi.fn();
    render(<CarouselDots count={3} selected={0} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole("button", { name: "Slide 3 von 3" }));
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it("shows no dots for a single slide", () => {
    const { container } = render(<CarouselDots count={1} selected={0} onSelect={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});

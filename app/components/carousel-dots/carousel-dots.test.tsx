import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { CarouselDots } from "./carousel-dots";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `hero-slide-${index + 1}`);

describe("CarouselDots", () => {
  it("names each dot and marks only the selected one current", () => {
    render(<CarouselDots slideIds={ids(4)} selected={2} onSelect={() => {}} />);
    const dots = screen.getAllByRole("link");
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual([
      "Slide 1 von 4",
      "Slide 2 von 4",
      "Slide 3 von 4",
      "Slide 4 von 4",
    ]);
    expect(dots.map((dot) => dot.getAttribute("aria-current"))).toEqual([null, null, "true", null]);
  });

  it("links each dot to its slide, so that it works before the page has hydrated", () => {
    render(<CarouselDots slideIds={ids(3)} selected={0} onSelect={() => {}} />);
    expect(screen.getAllByRole("link").map((dot) => dot.getAttribute("href"))).toEqual([
      "#hero-slide-1",
      "#hero-slide-2",
      "#hero-slide-3",
    ]);
  });

  it("reports the dot's slide when clicked, and keeps the URL as it is", () => {
    const onSelect = vi.fn();
    render(<CarouselDots slideIds={ids(3)} selected={0} onSelect={onSelect} />);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    fireEvent(screen.getByRole("link", { name: "Slide 3 von 3" }), click);
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(click.defaultPrevented).toBe(true);
  });

  it("shows no dots for a single slide", () => {
    const { container } = render(<CarouselDots slideIds={ids(1)} selected={0} onSelect={() => {}} />);
    expect(container.innerHTML).toBe("");
  });
});

describe("CarouselDots before hydration", () => {
  it("lacks data-hydrated in the prerendered HTML, where CSS draws the :target slide's dot current", () => {
    const html = renderToString(<CarouselDots slideIds={ids(3)} selected={0} onSelect={() => {}} />);
    expect(html).not.toContain("data-hydrated");
  });

  it("carries data-hydrated once React runs, which switches that CSS off", () => {
    render(<CarouselDots slideIds={ids(3)} selected={0} onSelect={() => {}} />);
    expect(screen.getByRole("group").hasAttribute("data-hydrated")).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { TAG_COLOURS, tagColour, UNKNOWN_TAG_COLOUR } from "./tag-colours";

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe("tag colours", () => {
  it("has a distinct colour for each of the spec's seven tags", () => {
    const tags = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding"];
    const colours = tags.map(tagColour);
    expect(new Set(colours).size).toBe(7);
    expect(colours).not.toContain(UNKNOWN_TAG_COLOUR);
  });

  it("paints unknown tags black, also for inherited object keys", () => {
    expect(tagColour("Sound")).toBe("#000000");
    expect(tagColour("constructor")).toBe("#000000");
  });

  it("keeps AA contrast as text on the site background and under white text", () => {
    for (const colour of Object.values(TAG_COLOURS)) {
      expect(contrast(colour, "#D6D6D6")).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/**
 * SPEC section 3, "Tag colours": a fixed colour per known tag, black for any
 * other. A palette of saturated inks that all hold 4.5:1 contrast as text on
 * the site's #D6D6D6 background and carry white text as pill fills.
 */
export const TAG_COLOURS: Readonly<Record<string, string>> = {
  Research: "#1A44B8",
  Typefont: "#9E2119",
  Poster: "#7A2E9E",
  Digital: "#005A4F",
  Animation: "#8F3E08",
  Website: "#1C5E8C",
  Branding: "#8C1D5A",
};

export const UNKNOWN_TAG_COLOUR = "#000000";

export function tagColour(tag: string): string {
  return Object.hasOwn(TAG_COLOURS, tag) ? TAG_COLOURS[tag]! : UNKNOWN_TAG_COLOUR;
}

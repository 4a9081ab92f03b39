// What the demo says about a project: its tags, texts and the look of its artwork.
import type { Look } from "./art";

export const TAGS = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding"] as const;
/** A tag the site has no colour for: it must fall back to black. */
export const UNKNOWN_TAG = "Sound";
export type Tag = (typeof TAGS)[number] | typeof UNKNOWN_TAG;

export interface Project {
  slug: string;
  name: string;
  client: string;
  services: string;
  tags: Tag[];
  /** The large article headline. */
  headline: string;
  /** info[0].Headline01: the text block's headline. */
  headline01: string;
  intro: string[];
  link?: { url: string; title: string } | { story: string; title: string };
  /** Its artworks' look; each artwork seeds it. */
  look: Omit<Look, "seed">;
}

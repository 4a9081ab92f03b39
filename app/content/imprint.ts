import type { SbRichTextNode, StoryblokClient } from "@storyblok/react";
import { contentConfig, type ContentConfig } from "./content-config";
import { parseBloks, parseText } from "./fields";
import { parseRichText, richTextPlainText, type RichTextDocument } from "./rich-text";

/** The imprint page (SPEC 2, 3): the `imprint` story's `imprint_text` bloks. */

type Version = ContentConfig["version"];

export const IMPRINT_LOADING_TEXT = "Laden...";

export interface ImprintBlock {
  key: string;
  text: RichTextDocument;
}

export interface ImprintPage {
  /** for the visual editor's live updates */
  storyId: number | null;
  /** the page heading: the story's name */
  title: string;
  blocks: ImprintBlock[];
  /** the page's own title (the document title adds the studio's name) */
  metaTitle: string;
  /** the first block's text; "" when there is none */
  description: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function siteClient(): Promise<StoryblokClient> {
  const { contentClient } = await import("./storyblok-client");
  return contentClient();
}

function nodeText(node: SbRichTextNode): string {
  if (node.type === "text") return node.text;
  return (node.content ?? []).map(nodeText).join("");
}

/**
 * The page has one h1, the story's name: a first heading repeating it is
 * dropped, other level-1 headings become level 2.
 */
function underPageHeading(document: RichTextDocument, title: string, first: boolean): RichTextDocument {
  let content = document.content;
  const lead = content[0];
  if (first && lead?.type === "heading" && nodeText(lead).trim().toLowerCase() === title.trim().toLowerCase()) {
    content = content.slice(1);
  }
  return {
    type: "doc",
    content: content.map((node) =>
      node.type === "heading" && (node.attrs?.level ?? 1) === 1 ? { ...node, attrs: { ...node.attrs, level: 2 } } : node,
    ) as SbRichTextNode[],
  };
}

/** The imprint story (the CDN `story` object) as the page's view model; never throws. */
export function parseImprintStory(story: unknown): ImprintPage {
  const record = isRecord(story) ? story : {};
  const content = isRecord(record.content) ? record.content : {};
  const title = parseText(record.name).trim() || "Impressum";
  const seen = new Set<string>();
  const blocks: ImprintBlock[] = [];
  parseBloks(content.body).forEach((blok, index) => {
    if (blok.component !== "imprint_text") {
      console.error(`Component ${blok.component} doesn't exist.`);
      return;
    }
    let key = blok._uid && !seen.has(blok._uid) ? blok._uid : `imprint-${index}`;
    // an editor's uid may look like a fallback key ("imprint-1"): never hand out a key twice
    for (let n = 2; seen.has(key); n += 1) key = `imprint-${index}-${n}`;
    seen.add(key);
    const text = underPageHeading(parseRichText(blok.Text), title, blocks.length === 0);
    if (text.content.length > 0) blocks.push({ key, text });
  });
  const description = blocks.map((block) => richTextPlainText(block.text, 160)).find(Boolean);
  return {
    storyId: typeof record.id === "number" && Number.isFinite(record.id) ? record.id : null,
    title,
    blocks,
    metaTitle: title,
    description: description ?? "",
  };
}

/** SPEC 7: `cdn/stories/imprint`. Rejects when it cannot be read. */
export async function loadImprintPage(version: Version = contentConfig.version): Promise<ImprintPage> {
  const { data } = await (await siteClient()).get("cdn/stories/imprint", { version });
  if (!isRecord(data) || !isRecord(data.story)) throw new Error("No story in the answer for imprint");
  return parseImprintStory(data.story);
}

import type { SbRichTextNode, StoryblokClient } from "@storyblok/react";
import { uiText } from "../ui-text";
import { contentConfig, type ContentVersion } from "./content-config";
import { editableAttributes, type EditableAttributes } from "./editable";
import { type RichTextDocument } from "./rich-text";
import { richTextPlainText } from "./rich-text-outline";
import { uniqueKeys } from "./schema/component";
import { parseBloks } from "./schema/values";
import { imprint, imprintText } from "./schema/imprint";
import { parseStory } from "./schema/story";
import { fetchStory } from "./story-api";
import { DEFAULT_LANGUAGE, type Language } from "../language";

/** The imprint page (SPEC 2, 3): the `imprint` story's `imprint_text` bloks. */

export interface ImprintBlock {
  key: string;
  text: RichTextDocument;
  editable: EditableAttributes;
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
      node.type === "heading" && (node.attrs?.level ?? 1) === 1
        ? { ...node, attrs: { ...node.attrs, level: 2 } }
        : node,
    ) as SbRichTextNode[],
  };
}

/** The imprint story (the CDN `story` object) as the page's view model; never throws. */
export function parseImprintStory(value: unknown, language: Language = DEFAULT_LANGUAGE): ImprintPage {
  const story = parseStory(value, imprint);
  const title = story.name.trim() || uiText[language].imprintTitle;
  const keyFor = uniqueKeys();
  const blocks: ImprintBlock[] = [];
  parseBloks(story.content.body).forEach((raw, index) => {
    if (raw.component !== imprintText.name) {
      console.error(`Component ${raw.component} doesn't exist.`);
      return;
    }
    const blok = imprintText.parse(raw);
    const key = keyFor(blok._uid, `imprint-${index}`);
    const text = underPageHeading(blok.Text, title, blocks.length === 0);
    if (text.content.length > 0) blocks.push({ key, text, editable: editableAttributes(blok) });
  });
  const description = blocks.map((block) => richTextPlainText(block.text, 160)).find(Boolean);
  return {
    storyId: story.id,
    title,
    blocks,
    metaTitle: title,
    description: description ?? "",
  };
}

/** SPEC 7: `cdn/stories/imprint`. Rejects when it cannot be read. */
export async function loadImprintPage(
  client: StoryblokClient,
  version: ContentVersion = contentConfig.version,
  language: Language = DEFAULT_LANGUAGE,
): Promise<ImprintPage> {
  return parseImprintStory(await fetchStory(client, "imprint", version, language), language);
}

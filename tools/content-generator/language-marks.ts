// The demo studio writes its German pages in a German/English mix. What it
// wrote in English is marked as an editor would mark it (docs/content-model.md,
// "Languages of the text"): a rich-text passage with the style option
// `lang-en`, an English article headline with its language option.
import { isRecord } from "../../app/content/is-record";
import { LANGUAGE_CLASS_PREFIX } from "../../app/content/rich-text-marks";
import { englishOf, mixedSentences } from "./english";
import { styled, type RichTextMark, type RichTextNode } from "./richtext";
import { fieldNamesByComponent } from "./story-shape";

const ENGLISH_MARK: RichTextMark = styled(`${LANGUAGE_CLASS_PREFIX}en`);

type Language = "de" | "en" | "neutral";

/** Single English words the studio uses as headings, which no rule below can tell from a name. */
const ENGLISH_WORDS = new Set(["Process", "Credits"]);

/**
 * The language of a text the studio wrote on a German page: German where
 * the dictionary translates it (english.ts translates every German text);
 * else English when it reads as prose (a lower-case word of three letters
 * or more beside others), else neutral (names, numbers, addresses).
 */
function languageOfText(text: string): Language {
  if (englishOf(text) !== undefined) return "de";
  if (ENGLISH_WORDS.has(text.trim())) return "en";
  const words = text.split(/[\s,.:;!?—–()]+/).filter(Boolean);
  return words.length > 1 && words.some((word) => /^[a-z]{3,}$/.test(word)) ? "en" : "neutral";
}

/**
 * An article headline is a name, a dash and a line: English when that line
 * reads as English prose and its translation keeps it word for word (only
 * the name is translated), or there is no translation at all.
 */
function headlineLanguage(headline: string): "en" | "" {
  const [name, line] = headline.split(" — ", 2);
  if (line === undefined) return languageOfText(headline) === "en" ? "en" : "";
  const translation = englishOf(headline);
  const kept = translation === undefined || translation.endsWith(` — ${line}`);
  return kept && name !== undefined && languageOfText(line) === "en" ? "en" : "";
}

/** Links, code and runs that carry a style of their own keep their marks: Storyblok's editor holds one style a run. */
function isFixedRun(node: RichTextNode): boolean {
  return (node.marks ?? []).some((mark) => ["link", "code", "styled"].includes(mark.type));
}

/**
 * A German run whose translation keeps some of its sentences word for word
 * is mixed: those sentences were written in English. Split into its sentences.
 */
function splitMixedRun(node: RichTextNode): RichTextNode[] {
  const text = node.text ?? "";
  const translation = englishOf(text);
  const mixed = translation === undefined ? null : mixedSentences(text, translation);
  return mixed ? mixed.map(([sentence]) => ({ ...node, text: sentence })) : [node];
}

function withEnglishMark(node: RichTextNode): RichTextNode {
  return { ...node, marks: [...(node.marks ?? []), ENGLISH_MARK] };
}

/** A block's inline runs with the English ones marked; a neutral run between two English ones is English too. */
function markRuns(runs: RichTextNode[]): RichTextNode[] {
  const split = runs.flatMap((node) => (node.type === "text" ? splitMixedRun(node) : [node]));
  const languages: (Language | null)[] = split.map((node) =>
    node.type !== "text" ? null : isFixedRun(node) ? "neutral" : languageOfText(node.text ?? ""),
  );
  const textual = languages.map((language, i) => (language === null ? -1 : i)).filter((i) => i >= 0);
  return split.map((node, i) => {
    const language = languages[i];
    if (language === null || isFixedRun(node)) return node;
    if (language === "en") return withEnglishMark(node);
    if (language === "de") return node;
    const at = textual.indexOf(i);
    const before = textual
      .slice(0, at)
      .reverse()
      .find((j) => languages[j] !== "neutral");
    const after = textual.slice(at + 1).find((j) => languages[j] !== "neutral");
    const between =
      before !== undefined && after !== undefined && languages[before] === "en" && languages[after] === "en";
    return between ? withEnglishMark(node) : node;
  });
}

function markRichText(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(markRichText);
  if (!isRecord(node)) return node;
  if (node.type === "code_block") return node;
  const content = node.content;
  if (!Array.isArray(content)) return node;
  const inline = content.every((child) => isRecord(child) && typeof child.type === "string" && isInline(child.type));
  return {
    ...node,
    content: inline ? markRuns(content as RichTextNode[]) : content.map(markRichText),
  };
}

function isInline(type: string): boolean {
  return ["text", "hard_break", "emoji", "image"].includes(type);
}

const richTextFields = fieldNamesByComponent((definition) => definition.type === "richtext");

/** A German blok tree with its English passages marked, and the article headline's language set. */
export function withLanguageMarks<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withLanguageMarks) as T;
  if (!isRecord(node)) return node;
  const fields = typeof node.component === "string" ? (richTextFields.get(node.component) ?? []) : [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = fields.includes(key) ? markRichText(value) : withLanguageMarks(value);
    // the option beside the field it describes, as the editor shows it
    if (key === "Headline" && node.component === "article" && typeof value === "string") {
      out.HeadlineLanguage = headlineLanguage(value);
    }
  }
  return out as T;
}

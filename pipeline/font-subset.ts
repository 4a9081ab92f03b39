import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { createFontStack } from "@capsizecss/core";
import { unlessMissing } from "../release/layout";

/**
 * The text face, cut to what the site says. The variable Epilogue's Latin
 * file is 36 KB; the site's pages use about 110 of its characters. After
 * prerendering, the build subsets it (harfbuzz, through `subset-font`; the
 * `wght` axis stays, the design animates it) to the characters of all
 * prerendered pages plus a base set an editor is likely to type, and
 * declares it as the family "Epilogue Subset" with exactly those characters
 * as its `unicode-range`. The CSS's font stack (app/styles/tokens.css) puts
 * it before the full "Epilogue Variable": a character the subset lacks (a
 * name typed after the build, then rendered by a live update) is drawn from
 * the full font, which the browser fetches only then. While the subset
 * loads, text shows in "Epilogue Fallback", a local Arial (or its metric
 * twin Liberation Sans) scaled to Epilogue's metrics, so the swap moves
 * nothing (`font-display: swap`: the font never holds back the first paint).
 *
 * The faces go into every page's inline style (pipeline/critical-css.ts) and
 * into `.font-faces.css` in the client folder, which live updates of single
 * pages reuse (live-update/render-pages.ts).
 */

export const FONT_FACES_FILE = ".font-faces.css";
export const SUBSET_FAMILY = "Epilogue Subset";
export const FALLBACK_FAMILY = "Epilogue Fallback";

/** Printable ASCII, the German letters and the typographic punctuation of both languages: always in the subset. */
export const BASE_CHARACTERS =
  String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index)) + "\u00a0ÄÖÜäöüß„“”‚‘’–—…€";

/**
 * Metrics of Epilogue (the family's Regular; the variable font has the same
 * vertical metrics) and of Arial, as @capsizecss/metrics lists them
 * (entireMetricsCollection/epilogue and /arial, version 4.3.0).
 */
const EPILOGUE_METRICS = {
  familyName: "Epilogue",
  ascent: 1580,
  descent: -470,
  lineGap: 0,
  unitsPerEm: 2000,
  xWidthAvg: 990,
};
const ARIAL_METRICS = {
  familyName: "Arial",
  fullName: "Arial",
  postscriptName: "ArialMT",
  ascent: 1854,
  descent: -434,
  lineGap: 67,
  unitsPerEm: 2048,
  xWidthAvg: 913,
};
/** Arial, or a font with Arial's metrics (Liberation Sans on Linux, Arimo on ChromeOS). */
const ARIAL_LOCAL_NAMES = ["Arial", "ArialMT", "Liberation Sans", "LiberationSans", "Arimo"];

const require = createRequire(import.meta.url);

export interface FontSource {
  /** The woff2 file of the full face (Latin). */
  file: string;
  /** Its `unicode-range` in the fontsource CSS: the subset never claims more than the file covers. */
  unicodeRange: string;
}

/** The Latin face of @fontsource-variable/epilogue, read from its own CSS. */
export async function epilogueLatinSource(): Promise<FontSource> {
  const css = require.resolve("@fontsource-variable/epilogue/wght.css");
  const text = await readFile(css, "utf8");
  const face = /\/\* epilogue-latin-wght-normal \*\/\s*@font-face\s*{([^}]*)}/.exec(text)?.[1];
  const url = face && /src:\s*url\(([^)]+)\)/.exec(face)?.[1];
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!url || !range) throw new Error(`${css}: no Latin face of Epilogue found`);
  return { file: path.resolve(path.dirname(css), url), unicodeRange: range.trim() };
}

/** Code points of a CSS `unicode-range` ("U+0000-00FF,U+0131,...") as a membership test. */
export function unicodeRangeTest(range: string): (codePoint: number) => boolean {
  const spans = range.split(",").map((part) => {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`not a unicode-range: ${part}`);
    const start = Number.parseInt(match[1]!, 16);
    return [start, match[2] ? Number.parseInt(match[2], 16) : start] as const;
  });
  return (codePoint) => spans.some(([start, end]) => codePoint >= start && codePoint <= end);
}

/** A sorted list of code points as a compact `unicode-range`. */
export function toUnicodeRange(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  const parts: string[] = [];
  for (let index = 0; index < sorted.length;) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    parts.push(end === index ? `U+${hex(sorted[index]!)}` : `U+${hex(sorted[index]!)}-${hex(sorted[end]!)}`);
    index = end + 1;
  }
  return parts.join(",");
}

const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos|nbsp));/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The characters a page can show: its text with entities decoded (markup is ASCII, which the base set has anyway). */
export function charactersOf(html: string): Set<number> {
  const characters = new CharacterSet();
  characters.addPage(html);
  return characters.codePoints;
}

/**
 * The characters of many pages (`charactersOf` each), in the order first met. A page's code units are read one by
 * one and looked up in a table of the Basic Multilingual Plane: iterating the string made a string of each
 * character and a Set lookup of it, about 2 ms a page (a third of the first pass at 1,000 articles).
 */
export class CharacterSet {
  readonly codePoints = new Set<number>();
  readonly #seen = new Uint8Array(0x10000);

  addPage(html: string): void {
    const length = html.length;
    for (let index = 0; index < length; index += 1) {
      const unit = html.charCodeAt(index);
      if (unit === 0x26) {
        // "&": a character reference counts as the character it stands for
        ENTITY_HERE.lastIndex = index;
        const match = ENTITY_HERE.exec(html);
        if (match) {
          for (const character of decodeEntity(match)) this.add(character.codePointAt(0)!);
          index += match[0].length - 1;
          continue;
        }
      }
      if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < length) {
        const low = html.charCodeAt(index + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          this.add(((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000);
          index += 1;
          continue;
        }
      }
      // a character of the BMP, or a lone surrogate (a code point of its own, as the string iterator gives it)
      this.add(unit);
    }
  }

  private add(codePoint: number): void {
    if (codePoint > 0xffff) this.codePoints.add(codePoint);
    else if (this.#seen[codePoint] === 0) {
      this.#seen[codePoint] = 1;
      this.codePoints.add(codePoint);
    }
  }
}

/** `ENTITY` where the scan stands. */
const ENTITY_HERE = new RegExp(ENTITY.source, "iy");

function decodeEntity([, hex, decimal, name]: RegExpExecArray): string {
  return hex
    ? String.fromCodePoint(Number.parseInt(hex, 16))
    : decimal
      ? String.fromCodePoint(Number(decimal))
      : NAMED[name!.toLowerCase()]!;
}

/** The fallback face: a local Arial scaled to Epilogue's metrics (capsize computes the overrides). */
export function fallbackFontFace(): string {
  const { fontFaces } = createFontStack([EPILOGUE_METRICS, ARIAL_METRICS]);
  const src = ARIAL_LOCAL_NAMES.map((name) => `local("${name}")`).join(", ");
  const face = fontFaces.replace(/src:[^;]*;/, `src: ${src};`);
  if (!face.includes(`font-family: "${FALLBACK_FAMILY}"`) || !face.includes("size-adjust")) {
    throw new Error(`@capsizecss/core wrote an unexpected fallback face: ${fontFaces}`);
  }
  return face;
}

/**
 * Subsets the text face to the base set and the characters of the build's pages (`charactersOf` each,
 * collected as the build goes over them: pipeline/finish-pages.ts) and writes it, hashed, into `assets/`: its
 * @font-face rules for the pages' inline style (`css`), its `file` relative to the client folder, and sizes.
 */
export async function subsetFontForBuild(clientDir: string, pageCharacters: Iterable<number>, source?: FontSource) {
  const font = source ?? (await epilogueLatinSource());
  const covered = unicodeRangeTest(font.unicodeRange);
  const codePoints = charactersOf(BASE_CHARACTERS);
  for (const codePoint of pageCharacters) codePoints.add(codePoint);
  const kept = [...codePoints].filter((codePoint) => codePoint >= 0x20 && covered(codePoint));
  const full = await readFile(font.file);
  const subset = await subsetInThread(full, String.fromCodePoint(...kept));
  const hash = createHash("sha256").update(subset).digest("base64url").slice(0, 10);
  const file = `assets/epilogue-subset-${hash}.woff2`;
  await writeFile(path.join(clientDir, file), subset);
  const css = [
    `@font-face {\n  font-family: "${SUBSET_FAMILY}";\n  font-style: normal;\n  font-display: swap;\n  font-weight: 100 900;\n` +
      `  src: url(/${file}) format("woff2-variations");\n  unicode-range: ${toUnicodeRange(kept)};\n}`,
    fallbackFontFace(),
  ].join("\n");
  await writeFile(path.join(clientDir, FONT_FACES_FILE), `${css}\n`);
  return { css, file, bytes: subset.length, sourceBytes: full.length, characters: kept.length };
}

const SUBSET_THREAD = new URL("./font-subset-thread.ts", import.meta.url).href;
/** The thread entry that registers tsx's loader (pipeline/typescript-worker.mjs). */
const TYPESCRIPT_WORKER = new URL("./typescript-worker.mjs", import.meta.url);

/**
 * `subset-font` on `font` to the characters of `text`, as woff2 (every variation axis kept: the weight stays
 * animatable), in a thread that ends with it (pipeline/font-subset-thread.ts says why).
 */
async function subsetInThread(font: Buffer, text: string): Promise<Buffer> {
  const worker = new Worker(TYPESCRIPT_WORKER, { workerData: { entry: SUBSET_THREAD, font, text } });
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      worker.once("message", (subset: Uint8Array) => resolve(Buffer.from(subset)));
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the font subset's thread exited with code ${code}`)));
    });
  } finally {
    await worker.terminate();
  }
}

/** The faces a build wrote (for live updates of single pages), or null for a build without them. */
export async function readBuildFontFaces(clientDir: string): Promise<string | null> {
  return (await unlessMissing(readFile(path.join(clientDir, FONT_FACES_FILE), "utf8")))?.trim() ?? null;
}

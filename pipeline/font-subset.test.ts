import { mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  BASE_CHARACTERS,
  FONT_FACES_FILE,
  CharacterSet,
  charactersOf,
  epilogueLatinSource,
  fallbackFontFace,
  readBuildFontFaces,
  subsetFontForBuild,
  toUnicodeRange,
  unicodeRangeTest,
} from "./font-subset";
import { tempDirOfTests } from "../test-support/temp-dir";

/** The woff2 header's flavor and the fvar table (variation axes) in the table directory. */
async function woff2Tables(buffer: Buffer): Promise<{ signature: string; hasFvar: boolean }> {
  const signature = buffer.subarray(0, 4).toString("latin1");
  // woff2 table directory: flags byte whose low 6 bits index the known-tag list; fvar is index 47
  const numTables = buffer.readUInt16BE(12);
  let offset = 48;
  let hasFvar = false;
  for (let table = 0; table < numTables; table += 1) {
    const flags = buffer[offset]!;
    offset += 1;
    if ((flags & 0x3f) === 0x3f) offset += 4;
    else if ((flags & 0x3f) === 47) hasFvar = true;
    // origLength (UIntBase128), and transformLength for transformed glyf/loca
    const readBase128 = () => {
      while (buffer[offset]! & 0x80) offset += 1;
      offset += 1;
    };
    readBase128();
    const tag = flags & 0x3f;
    const transform = (flags >> 6) & 0x03;
    if ((tag === 10 || tag === 11) && transform === 0) readBase128();
  }
  return { signature, hasFvar };
}

describe("unicode ranges", () => {
  it("reads a CSS unicode-range", () => {
    const inRange = unicodeRangeTest("U+0000-00FF,U+0131, U+2000-206F");
    expect([0x41, 0xff, 0x131, 0x2014].every(inRange)).toBe(true);
    expect([0x100, 0x130, 0x2070, 0x1f600].some(inRange)).toBe(false);
    expect(() => unicodeRangeTest("latin")).toThrow(/not a unicode-range/);
  });

  it("writes code points as the shortest list of ranges", () => {
    expect(toUnicodeRange([0x43, 0x41, 0x42, 0xe4, 0x2014, 0x2013, 0x41])).toBe("U+0041-0043,U+00E4,U+2013-2014");
    expect(toUnicodeRange([])).toBe("");
  });
});

describe("charactersOf", () => {
  it("takes the text with React's entities decoded", () => {
    const characters = charactersOf("<p>Grüße &amp; &#x27;Zitat&#x27; &#8222;x&quot;</p>");
    for (const character of "üß&'„\"") expect(characters.has(character.codePointAt(0)!), character).toBe(true);
    expect(characters.has("#".codePointAt(0)!)).toBe(false);
  });
});

describe("CharacterSet", () => {
  it("holds the code points of all pages in the order first met, as charactersOf gives each page's", () => {
    const pages = ["aé😀a", "\ud800x\udc00&amp;", "b😀&#x1F600;\ud83d"];
    const characters = new CharacterSet();
    for (const html of pages) characters.addPage(html);
    // a pair of surrogates is one code point; a lone surrogate is a code point of its own, as the string iterator has it
    expect([...characters.codePoints]).toEqual([0x61, 0xe9, 0x1f600, 0xd800, 0x78, 0xdc00, 0x26, 0x62, 0xd83d]);
  });
});

describe("fallbackFontFace", () => {
  it("is a local Arial (or a metric twin) scaled to Epilogue's metrics", () => {
    const face = fallbackFontFace();
    expect(face).toContain('font-family: "Epilogue Fallback"');
    expect(face).toContain('local("Liberation Sans")');
    // Epilogue's em is wider than Arial's: the fallback is scaled up, not left as is
    const sizeAdjust = Number(/size-adjust: ([\d.]+)%/.exec(face)?.[1]);
    expect(sizeAdjust).toBeGreaterThan(100);
    expect(sizeAdjust).toBeLessThan(120);
    expect(face).toMatch(/ascent-override: [\d.]+%/);
    expect(face).toMatch(/descent-override: [\d.]+%/);
  });
});

describe("subsetFontForBuild", () => {
  const clientDir = tempDirOfTests("font-subset-", "all");
  let result: Awaited<ReturnType<typeof subsetFontForBuild>>;

  beforeAll(async () => {
    await mkdir(path.join(clientDir(), "assets"));
    await mkdir(path.join(clientDir(), "en"));
    // the characters of two pages, as the build's first pass collects them (pipeline/finish-pages.ts)
    result = await subsetFontForBuild(clientDir(), [
      ...charactersOf("<p>Straße &#x2030;</p>"),
      ...charactersOf("<p>Ŀ emoji 😀</p>"),
    ]);
  }, 30_000);

  it("writes a hashed woff2 much smaller than the full face, with the weight axis", async () => {
    const source = await epilogueLatinSource();
    const written = await readFile(path.join(clientDir(), result.file));
    expect(result.file).toMatch(/^assets\/epilogue-subset-[\w-]{10}\.woff2$/);
    expect(written.length).toBe(result.bytes);
    expect(result.sourceBytes).toBe((await stat(source.file)).size);
    expect(result.bytes).toBeLessThan(result.sourceBytes * 0.8);
    const tables = await woff2Tables(written);
    expect(tables.signature).toBe("wOF2");
    expect(tables.hasFvar).toBe(true);
    expect(await readdir(path.join(clientDir(), "assets"))).toHaveLength(1);
  });

  it("declares exactly the pages' and the base set's characters the full face covers", () => {
    const range = /unicode-range: ([^;]+);/.exec(result.css)![1]!;
    const inSubset = unicodeRangeTest(range);
    for (const character of "Straße‰AZaz09.,–„“") expect(inSubset(character.codePointAt(0)!), character).toBe(true);
    // Ŀ is Latin Extended (another file of the family), the emoji is in no Epilogue file: both left to the stack
    for (const character of ["Ŀ", "😀", "\u0001"]) expect(inSubset(character.codePointAt(0)!), character).toBe(false);
    expect(result.characters).toBeGreaterThanOrEqual([...BASE_CHARACTERS].length);
    expect(result.css).toContain('font-family: "Epilogue Subset"');
    expect(result.css).toContain("font-display: swap");
    expect(result.css).toContain("font-weight: 100 900");
    expect(result.css).toContain(`url(/${result.file})`);
    expect(result.css).toContain('font-family: "Epilogue Fallback"');
  });

  it("keeps the faces for live updates of single pages", async () => {
    expect(await readBuildFontFaces(clientDir())).toBe(result.css);
    expect(await readFile(path.join(clientDir(), FONT_FACES_FILE), "utf8")).toBe(`${result.css}\n`);
    expect(await readBuildFontFaces(path.join(clientDir(), "en"))).toBeNull();
  });
});

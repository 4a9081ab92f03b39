import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { deepRichText, HOSTILE_HREFS, HOSTILE_IMAGE_SOURCES } from "./hostile-rich-text";

/**
 * fast-check arbitraries for hostile and malformed CMS content: random JSON
 * of every type, wrong-typed fields, huge strings, deep nesting, unknown
 * bloks, odd file extensions, unsafe URLs and raw HTML; plus story shapes per
 * page and mutations of the real demo stories (content/stories/*.json).
 *
 * Every fuzz test runs with FUZZ_SEED, so a run is reproducible; a failure
 * prints its seed and path, and `FUZZ_SEED=<n> npx vitest run ...` explores
 * other seeds.
 */

function readSeed(): number {
  const raw = typeof process === "undefined" ? undefined : process.env.FUZZ_SEED;
  const seed = raw === undefined ? Number.NaN : Number(raw);
  return Number.isSafeInteger(seed) ? seed : 20_250_611;
}

export const FUZZ_SEED = readSeed();

/**
 * How many cases each property generates. The suite's total is the sum (see
 * totalFuzzRuns); the budget keeps the whole fuzz suite within about a
 * minute on two cores (rendering is the cost: normalisers alone are cheap).
 */
export const FUZZ_RUNS = {
  /** app/content/content-fuzz.test.ts: normalisers only */
  content: {
    homeMutated: 1500,
    homeRandom: 1500,
    indexMutated: 500,
    indexRandom: 500,
    imprintMutated: 800,
    imprintRandom: 800,
    aboutMutated: 800,
    aboutRandom: 800,
    articleMutated: 1500,
    articleRandom: 1500,
    headerMutated: 500,
    headerRandom: 500,
    footerMutated: 500,
    footerRandom: 500,
    otherProjects: 500,
    categories: 500,
    richText: 1500,
    articleList: 300,
    placeholder: 300,
  },
  /** app/routes/pages-fuzz.test.tsx: normalise, then render */
  pages: {
    homeMutated: 200,
    homeRandom: 250,
    galleryFallbacks: 400,
    indexRandom: 200,
    imprintMutated: 150,
    imprintRandom: 150,
    aboutMutated: 120,
    aboutRandom: 200,
    overviewMedia: 200,
    articleMutated: 200,
    articleRandom: 250,
    articleMediaFallbacks: 400,
    layoutMutated: 200,
    layoutRandom: 250,
  },
  /** app/components/rich-text/rich-text-hostile.test.tsx */
  richText: {
    randomDocuments: 500,
  },
} as const;

export function totalFuzzRuns(): number {
  return Object.values(FUZZ_RUNS)
    .flatMap((group) => Object.values(group) as number[])
    .reduce((sum, runs) => sum + runs, 0);
}

/** fc.assert parameters for a property with `numRuns` cases. */
export function fuzzParameters(numRuns: number): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns };
}

// ---------------------------------------------------------------------------
// Scalars and raw JSON

/** Strings that break naive code: markup, script URLs, look-alike keys, odd Unicode. */
export const HOSTILE_TEXTS: readonly string[] = [
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " \n\tjavascript:alert(1)",
  "&#106;avascript:alert(1)",
  "%6Aavascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "{{constructor.constructor('alert(1)')()}}",
  "${alert(1)}",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "../../../etc/passwd",
  "..",
  ".",
  "/",
  "//evil.example/x",
  "#",
  "?",
  "\\",
  "mailto:",
  "tel:",
  "",
  " ",
  "\u00a0",
  "\n\n",
  "\u0000",
  "\u202eevil",
  "\ud800",
  "😀‍🔥",
  "Ω≈ç√ ÄÖÜß",
  "'; DROP TABLE stories; --",
  "a".repeat(300),
];

let hugeTextsCache: string[] | undefined;
/** 100,000-character strings (built once). */
function hugeTexts(): string[] {
  hugeTextsCache ??= [
    "x".repeat(100_000),
    "<img src=x onerror=alert(1)>".repeat(3572),
    "ü".repeat(100_000),
    "word ".repeat(20_000),
    "javascript:alert(1)//".repeat(4762),
  ];
  return hugeTextsCache;
}

export const hugeTextArb: fc.Arbitrary<string> = fc.integer({ min: 0, max: 4 }).map((index) => hugeTexts()[index]!);

/** Any text an editor, an import or an attacker could put into a text field. */
export const textArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 16 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: hugeTextArb },
);

export const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 0, 1e21, 2 ** 53 + 2),
  textArb,
);

/** Keys of raw objects: random ones and the field names the site reads. */
export const keyArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    "component",
    "_uid",
    "filename",
    "alt",
    "name",
    "title",
    "Image",
    "Name",
    "Tags",
    "link",
    "body",
    "content",
    "type",
    "text",
    "marks",
    "attrs",
    "href",
    "url",
    "cached_url",
    "linktype",
    "ImageData",
    "Wrapper",
    "media",
    "Headline",
    "Text",
    "story",
    "__proto__",
    "constructor",
  ),
);

/** An object that JSON.parse builds with an own "__proto__" key. */
const protoKeyArb: fc.Arbitrary<unknown> = fc
  .constantFrom(
    '{"__proto__":{"polluted":true,"filename":"javascript:alert(1)//x.jpg"}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
  )
  .map((json) => JSON.parse(json) as unknown);

/** Any JSON-like value: scalars, lists and objects nested a few levels. */
export const anyValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    { weight: 5, arbitrary: scalarArb },
    { weight: 2, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.dictionary(keyArb, tie("value"), { maxKeys: 4, noNullPrototype: true }) },
    { weight: 1, arbitrary: protoKeyArb },
  ),
})).value;

/** A value of any type but a list: what a list field holds when it is broken. */
export const notAListArb: fc.Arbitrary<unknown> = anyValueArb.filter((value) => !Array.isArray(value));

/** A value nested 100 to 10,000 levels deep in objects and lists (JSON.parse builds such values). */
export const deepValueArb: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 100, max: 10_000 }), fc.constantFrom("array", "object", "blok", "richtext"))
  .map(([depth, kind]) => {
    if (kind === "richtext") return deepRichText(depth, "bullet_list");
    let value: unknown = "deep";
    for (let level = 0; level < depth; level += 1) {
      if (kind === "array") value = [value];
      else if (kind === "object") value = { content: value, body: [value] };
      else value = { component: "gallery", _uid: `d${level}`, ImageData: [value], body: [value] };
    }
    return value;
  });

/** A field's value when the editor got it wrong: any type, deep, huge, or missing. */
export const wrongArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: anyValueArb },
  { weight: 1, arbitrary: deepValueArb },
);

/** uids: real ones, blanks, duplicates, and ones that look like the site's own fallback keys. */
export const uidArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      "a",
      "0",
      "1",
      "tile-0",
      "tile-1",
      "item-0",
      "item-1",
      "media-0-0",
      "media-0-1",
      "blok-0",
      "blok-1",
      "photo-0",
      "photo-1",
      "image-0",
      "imprint-0",
      "imprint-1",
      "no-image",
    ),
  },
  { weight: 1, arbitrary: scalarArb },
);

// ---------------------------------------------------------------------------
// Assets and links

export type MediaClass = "none" | "unknown" | "image" | "video";

/** Extensions by what the site must make of them (SPEC 5). */
export const EXTENSIONS: Readonly<Record<Exclude<MediaClass, "none">, readonly string[]>> = {
  image: [
    "jpg",
    "JPG",
    "jpeg",
    "png",
    "PNG",
    "gif",
    "webp",
    "bmp",
    "svg",
    "SVG",
    "webp?x=1",
    "jpg#frag",
    "png?w=1&f=.mp4",
  ],
  video: ["mp4", "MP4", "mp4?x=1", "webm", "ogg", "mov", "MOV", "mp4#t=3"],
  unknown: ["PDF", "pdf", "txt", "html", "exe", "tar.gz", "jpg.exe", "mp4.pdf", "jpgx", "", ".", "jpg/", "mp4/x"],
};

const ASSET_BASES = [
  "https://a.storyblok.com/f/287401/1600x900/3f9a1c2b7e/",
  "http://localhost:4100/f/287401/800x600/abc/",
  "https://a.storyblok.com/f/287401/0x0/abc/",
  "https://a.storyblok.com/f/287401/99999x3/abc/",
  "https://a.storyblok.com/f/287401/100x100/abc/",
  "https://example.com/media/",
  "/assets/",
  "",
];
const FILE_STEMS = ["photo", "hero-1", "a b", "ümlaut", "x", "..name", "name.with.dots", "%2e%2e"];

/** A filename and the class it belongs to, known by construction (the test's oracle). */
export interface TaggedFilename {
  /** absent from the asset when `missing` */
  filename: unknown;
  missing: boolean;
  kind: MediaClass;
}

const fileOf = (kind: Exclude<MediaClass, "none">): fc.Arbitrary<TaggedFilename> =>
  fc
    .tuple(fc.constantFrom(...ASSET_BASES), fc.constantFrom(...FILE_STEMS), fc.constantFrom(...EXTENSIONS[kind]))
    .map(([base, stem, extension]) => {
      // "." and "" are odd extensions on purpose: "name." and "name"
      const file = extension === "" ? stem.replace(/\./g, "_") : `${stem.replace(/\./g, "_")}.${extension}`;
      return { filename: `${base}${file}`, missing: false, kind };
    });

export const taggedFilenameArb: fc.Arbitrary<TaggedFilename> = fc.oneof(
  { weight: 3, arbitrary: fileOf("image") },
  { weight: 2, arbitrary: fileOf("video") },
  { weight: 3, arbitrary: fileOf("unknown") },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<unknown>("", "   ", "\n", null, 42, true, [], {}, ["x.jpg"], { url: "x.jpg" })
      .map((filename) => ({ filename, missing: false, kind: "none" as const })),
  },
  { weight: 1, arbitrary: fc.constant({ filename: undefined, missing: true, kind: "none" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        "..",
        "x/..",
        "https://a.storyblok.com/f/1/1x1/a/..",
        "https://a.storyblok.com/f/1/1x1/a/.jpg",
        "noextension",
        "https://a.storyblok.com/",
      )
      .map((filename) => ({ filename, missing: false, kind: "unknown" as const })),
  },
);

/** Alt texts: missing, blank, wrong-typed or text. */
export const altArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(undefined, null, "", "   ", "\n", 42, {}, [], false),
  textArb.filter((value) => value.trim() !== ""),
);

export interface TaggedAsset {
  /** the raw Asset field */
  value: unknown;
  kind: MediaClass;
}

const assetRecordArb: fc.Arbitrary<TaggedAsset> = fc
  .record(
    {
      file: taggedFilenameArb,
      alt: altArb,
      name: fc.oneof(textArb, scalarArb),
      title: fc.oneof(textArb, scalarArb),
      id: scalarArb,
      focus: scalarArb,
      fieldtype: fc.constantFrom("asset", "multiasset", 5),
    },
    { requiredKeys: ["file"], noNullPrototype: true },
  )
  .map(({ file, ...rest }) => ({
    value: file.missing ? rest : { ...rest, filename: file.filename },
    kind: file.kind,
  }));

/** An Asset field and whether it holds an image, a video, an unknown type or nothing. */
export const taggedAssetArb: fc.Arbitrary<TaggedAsset> = fc.oneof(
  { weight: 8, arbitrary: assetRecordArb },
  {
    weight: 2,
    arbitrary: fc
      .oneof(scalarArb, fc.array(scalarArb, { maxLength: 3 }))
      .map((value) => ({ value, kind: "none" as const })),
  },
);

/** An Asset field, including hostile URLs that carry an image extension. */
export const assetArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: taggedAssetArb.map((tagged) => tagged.value) },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        filename: fc.constantFrom(
          ...HOSTILE_IMAGE_SOURCES,
          "javascript:alert(1)//x.jpg",
          "JAVASCRIPT:alert(1)//x.mp4",
          "data:image/svg+xml,<svg onload=alert(1)>//a.svg",
          "vbscript:x//a.png",
          'https://a.storyblok.com/f/287401/1600x900/abc/x.jpg" onerror="alert(1)',
          "https://a.storyblok.com/f/287401/1600x900/abc/<script>.png",
        ),
        alt: altArb,
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: wrongArb },
);

/** Link targets: site paths, safe URLs and everything hostile. */
export const urlArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_HREFS) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "articles/hafenkino",
      "articles/",
      "index",
      "about",
      "home",
      "/about",
      "/index",
      "imprint",
      "https://example.com/",
      "http://example.com/a?b=1#c",
      "mailto:hallo@example.com",
      "tel:+49301234",
      "hallo@example.com",
      "#top",
      "?q=1",
      "",
      " ",
    ),
  },
  { weight: 1, arbitrary: fc.webUrl() },
  { weight: 2, arbitrary: textArb },
);

/** A Multilink field (story, url, email, asset links) or anything else. */
export const linkArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        id: fc.oneof(fc.uuid(), scalarArb),
        url: urlArb,
        cached_url: urlArb,
        email: urlArb,
        linktype: fc.constantFrom<unknown>("story", "url", "email", "asset", "", "javascript", 5, null),
        target: fc.constantFrom<unknown>("_self", "_blank", "_top", "", null, "_BLANK"),
        anchor: fc.constantFrom<unknown>("", "top", '" onclick="alert(1)', "a b", "#x", "</a>", 5),
        title: fc.oneof(textArb, scalarArb),
        fieldtype: fc.constant("multilink"),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: wrongArb },
);

// ---------------------------------------------------------------------------
// Rich text

const MARK_TYPES = [
  "bold",
  "strong",
  "italic",
  "em",
  "strike",
  "underline",
  "code",
  "superscript",
  "subscript",
  "highlight",
  "textStyle",
  "anchor",
  "styled",
  "link",
  "unknown",
  "onclick",
  "__proto__",
  "script",
];
const COLOURS = [
  "red",
  "#ff0000",
  "rgb(1, 2, 3)",
  "red;background:url(javascript:alert(1))",
  "expression(alert(1))",
  "url(x)",
  "",
  "#12345678901",
];

const markArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        type: fc.constantFrom(...MARK_TYPES),
        attrs: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record(
              {
                href: urlArb,
                linktype: fc.constantFrom<unknown>("url", "email", "story", "asset", "", 3),
                target: fc.constantFrom<unknown>("_blank", "_self", "_top", null),
                anchor: fc.constantFrom<unknown>("", "x", '"><script>alert(1)</script>'),
                custom: fc.oneof(
                  scalarArb,
                  fc.dictionary(
                    fc.constantFrom(
                      "onmouseover",
                      "onclick",
                      "style",
                      "href",
                      "srcdoc",
                      "formaction",
                      "rel",
                      "title",
                      "hreflang",
                      "aria-label",
                      "class",
                      "id",
                      "target",
                    ),
                    fc.oneof(urlArb, textArb),
                    { maxKeys: 5, noNullPrototype: true },
                  ),
                ),
                color: fc.constantFrom<unknown>(...COLOURS, 5),
                id: fc.constantFrom<unknown>("section-1", "__proto__", '" onclick="x', "A", 5),
                class: fc.constantFrom<unknown>("fancy", '" onclick="x', "a b c d", 5),
              },
              { requiredKeys: [], noNullPrototype: true },
            ),
          },
          { weight: 1, arbitrary: anyValueArb },
        ),
      },
      { requiredKeys: ["type"], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: anyValueArb },
);

const BLOCK_TYPES = [
  "paragraph",
  "heading",
  "blockquote",
  "bullet_list",
  "ordered_list",
  "list_item",
  "code_block",
  "table",
  "tableRow",
  "iframe",
  "script",
  "blok",
  "doc",
  "__proto__",
  "unknown",
];
const LEAF_TYPES = ["hard_break", "horizontal_rule", "image", "emoji"];

const nodeAttrsArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        level: fc.oneof(fc.integer({ min: -3, max: 9 }), scalarArb),
        order: fc.oneof(fc.integer(), scalarArb),
        textAlign: fc.constantFrom<unknown>("left", "center", "justify", "center;background:url(x)", 5),
        src: fc.oneof(
          urlArb,
          fc.constantFrom(...HOSTILE_IMAGE_SOURCES, "https://a.storyblok.com/f/1/400x300/abc/x.jpg"),
        ),
        alt: altArb,
        title: textArb,
        emoji: fc.oneof(fc.constantFrom("😀", "<img src=x onerror=alert(1)>"), scalarArb),
        name: textArb,
        fallbackImage: urlArb,
        onclick: fc.constant("alert(1)"),
        style: fc.constant("background:url(javascript:alert(1))"),
        id: textArb,
        class: textArb,
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
  },
  { weight: 1, arbitrary: anyValueArb },
);

/** A rich text document: well-formed, malformed, hostile, huge or deep. */
export const richTextArb: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown; doc: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4 },
    {
      weight: 4,
      arbitrary: fc.record(
        {
          type: fc.constant("text"),
          text: fc.oneof({ weight: 5, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
          marks: fc.oneof(
            { weight: 4, arbitrary: fc.array(markArb, { maxLength: 3 }) },
            { weight: 1, arbitrary: anyValueArb },
          ),
        },
        { requiredKeys: ["type", "text"], noNullPrototype: true },
      ),
    },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          type: fc.constantFrom(...BLOCK_TYPES),
          attrs: nodeAttrsArb,
          content: fc.oneof(
            { weight: 5, arbitrary: fc.array(tie("node"), { maxLength: 4 }) },
            { weight: 1, arbitrary: anyValueArb },
          ),
        },
        { requiredKeys: ["type"], noNullPrototype: true },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        { type: fc.constantFrom(...LEAF_TYPES), attrs: nodeAttrsArb },
        { requiredKeys: ["type"], noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: anyValueArb },
  ),
  doc: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record(
        { type: fc.constant("doc"), content: fc.array(tie("node"), { maxLength: 5 }) },
        { noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: tie("node") },
    { weight: 1, arbitrary: anyValueArb },
  ),
})).doc;

/** Rich text, now and then 100 to 10,000 levels deep. */
export const richTextFieldArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: richTextArb },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 10_000 })
      .map((depth) => deepRichText(depth, depth % 2 ? "blockquote" : "tableCell")),
  },
);

// ---------------------------------------------------------------------------
// Bloks and stories

const UNKNOWN_COMPONENTS = [
  "evil",
  "script",
  "iframe",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "",
  " ",
  "Header",
  "ImagesArticle ",
  "page",
  "<img src=x onerror=alert(1)>",
];

/** A blok the page does not know (or a known one in the wrong place), with random fields. */
export const unknownBlokArb: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(...UNKNOWN_COMPONENTS),
      fc.constantFrom(
        "header",
        "footer",
        "hero",
        "gallery",
        "about_block",
        "overview",
        "masonry",
        "imprint_text",
        "media",
        "info",
      ),
      fc.string({ maxLength: 10 }),
    ),
    uidArb,
    fc.dictionary(keyArb, anyValueArb, { maxKeys: 4, noNullPrototype: true }),
  )
  .map(([component, uid, fields]) => ({ ...fields, component, _uid: uid }));

/** A list field: usually a list of `item`s with strays, sometimes not a list at all. */
export function listOf<T>(item: fc.Arbitrary<T>, maxLength = 6): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: item },
          { weight: 1, arbitrary: unknownBlokArb },
          { weight: 1, arbitrary: scalarArb },
        ),
        { maxLength },
      ),
    },
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: notAListArb },
  );
}

/** A record with every key optional (missing fields are the commonest fault). */
function blok(component: string, model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(model, { requiredKeys: [], noNullPrototype: true }),
      fc.oneof(
        { weight: 9, arbitrary: fc.constant(component) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, 5, null, component.toUpperCase()) },
      ),
      uidArb,
    )
    .map(([fields, name, uid]) => ({ _uid: uid, ...fields, ...(name === undefined ? {} : { component: name }) }));
}

const flag = fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: scalarArb });
const tagArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "Research",
      "Typefont",
      "Poster",
      "Digital",
      "Animation",
      "Website",
      "Branding",
      "Sound",
      "poster",
      " Poster ",
      "",
    ),
  },
  { weight: 1, arbitrary: textArb },
  { weight: 1, arbitrary: scalarArb },
);
const tagsArb = fc.oneof(
  { weight: 5, arbitrary: fc.array(tagArb, { maxLength: 5 }) },
  { weight: 1, arbitrary: notAListArb },
);

export const slideArb = blok("slide", { Image: assetArb, PhoneSize: assetArb, link: linkArb });

/** A gallery item, with what its tile must show. */
export interface GalleryItemSpec {
  raw: Record<string, unknown>;
  kind: MediaClass;
}

export const galleryItemSpecArb: fc.Arbitrary<GalleryItemSpec> = fc
  .tuple(
    taggedAssetArb,
    fc.record(
      {
        Name: fc.oneof({ weight: 3, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
        Tags: tagsArb,
        link: linkArb,
        component: fc.constantFrom<unknown>("gallery_item", undefined, 5),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
    fc.boolean(),
    uidArb,
  )
  .map(([asset, fields, hasImage, uid]) => ({
    raw: { _uid: uid, ...fields, ...(hasImage || asset.kind !== "none" ? { Image: asset.value } : {}) },
    kind: asset.kind,
  }));

export const heroBlokArb = blok("hero", {
  CaruselYN: flag,
  Photo: listOf(slideArb, 4),
  Image: listOf(slideArb, 2),
});

export const galleryBlokArb = blok("gallery", {
  ImageData: listOf(
    galleryItemSpecArb.map((spec) => spec.raw),
    8,
  ),
});

/** The story envelope around `content`: any field may be missing or of the wrong type. */
export function storyArb(contentArb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record(
        {
          id: fc.oneof({ weight: 3, arbitrary: fc.nat() }, { weight: 1, arbitrary: scalarArb }),
          uuid: fc.oneof(fc.uuid(), scalarArb),
          name: fc.oneof({ weight: 3, arbitrary: textArb }, { weight: 1, arbitrary: scalarArb }),
          slug: fc.oneof(fc.constantFrom("hafenkino", "", "a/b", "..", "home"), textArb, scalarArb),
          full_slug: fc.oneof(
            fc.constantFrom("articles/hafenkino", "articles/", "", "articles/a/b", "/", "articles/.."),
            textArb,
            scalarArb,
          ),
          tag_list: tagsArb,
          is_startpage: flag,
          content: fc.oneof({ weight: 8, arbitrary: contentArb }, { weight: 1, arbitrary: wrongArb }),
        },
        { requiredKeys: [], noNullPrototype: true },
      ),
    },
    { weight: 1, arbitrary: wrongArb },
  );
}

function bodyOf(...bloks: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.oneof(...bloks, unknownBlokArb, scalarArb), { maxLength: 5 }) },
    { weight: 1, arbitrary: wrongArb },
  );
}

const pageContent = (component: string, body: fc.Arbitrary<unknown>) =>
  fc.record(
    { _uid: uidArb, component: fc.constantFrom<unknown>(component, "evil", undefined), body },
    { requiredKeys: ["body"], noNullPrototype: true },
  );

export const homeStoryArb = storyArb(
  pageContent(
    "page",
    fc.oneof(
      { weight: 4, arbitrary: fc.tuple(heroBlokArb, galleryBlokArb) },
      {
        weight: 2,
        arbitrary: fc.tuple(
          fc.oneof(heroBlokArb, unknownBlokArb, scalarArb),
          fc.oneof(galleryBlokArb, unknownBlokArb, scalarArb),
          unknownBlokArb,
        ),
      },
      { weight: 1, arbitrary: bodyOf(heroBlokArb, galleryBlokArb) },
    ),
  ),
);

export const articleUuidArb = fc.constantFrom("uuid-a", "uuid-b", "uuid-c", "uuid-d", "uuid-gone", "uuid-broken", "");
export const indexStoryArb = storyArb(
  pageContent(
    "index",
    bodyOf(
      blok("article_list", {
        Title: fc.oneof(textArb, scalarArb),
        Articles: fc.oneof(
          {
            weight: 5,
            arbitrary: fc.array(
              fc.oneof({ weight: 5, arbitrary: articleUuidArb }, { weight: 1, arbitrary: scalarArb }),
              { maxLength: 8 },
            ),
          },
          { weight: 1, arbitrary: wrongArb },
        ),
      }),
    ),
  ),
);

export const imprintTextArb = blok("imprint_text", { Text: richTextFieldArb });
export const imprintStoryArb = storyArb(pageContent("imprint", bodyOf(imprintTextArb, imprintTextArb)));

export interface OverviewItemSpec {
  raw: Record<string, unknown>;
  kind: MediaClass;
}

export const overviewItemSpecArb: fc.Arbitrary<OverviewItemSpec> = fc
  .tuple(
    taggedAssetArb,
    fc.record(
      { Headline: fc.oneof(textArb, scalarArb), Text: richTextArb, component: fc.constant("overview_item") },
      { requiredKeys: [], noNullPrototype: true },
    ),
    uidArb,
  )
  .map(([asset, fields, uid]) => ({ raw: { _uid: uid, ...fields, Asset: asset.value }, kind: asset.kind }));

export const aboutBlockArb = blok("about_block", { Headline: fc.oneof(textArb, scalarArb), Text: richTextFieldArb });
export const overviewBlokArb = blok("overview", {
  Headline: fc.oneof(textArb, scalarArb),
  Text: richTextArb,
  Items: listOf(
    overviewItemSpecArb.map((spec) => spec.raw),
    5,
  ),
});
export const masonryBlokArb = blok("masonry", {
  Headline: fc.oneof(textArb, scalarArb),
  Tiles: listOf(blok("masonry_tile", { Media: assetArb, Info: fc.oneof(textArb, scalarArb), Tags: tagsArb }), 6),
});
export const aboutStoryArb = storyArb(pageContent("about", bodyOf(aboutBlockArb, overviewBlokArb, masonryBlokArb)));

/** A media entry of an article, with what its cell must show. */
export interface MediaEntrySpec {
  raw: unknown;
  kind: MediaClass;
}

export const mediaEntrySpecArb: fc.Arbitrary<MediaEntrySpec> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        taggedAssetArb,
        fc.record(
          { Fullsize: flag, right: flag, vertical: flag, component: fc.constant("media") },
          { requiredKeys: [], noNullPrototype: true },
        ),
        uidArb,
      )
      .map(([asset, fields, uid]) => ({ raw: { _uid: uid, ...fields, Image: asset.value }, kind: asset.kind })),
  },
  // an entry that is no object at all holds no image
  { weight: 1, arbitrary: scalarArb.map((raw) => ({ raw, kind: "none" as const })) },
);

/** The Wrapper field of an article and the messages/media its grid must show, in order. */
export interface WrapperSpec {
  raw: unknown;
  /** null: Wrapper is not a list ('no Image') */
  cells: Array<MediaClass | "not-a-list"> | null;
}

export const wrapperSpecArb: fc.Arbitrary<WrapperSpec> = fc.oneof(
  { weight: 1, arbitrary: notAListArb.map((raw) => ({ raw, cells: null })) },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.oneof(
          {
            weight: 5,
            arbitrary: fc
              .tuple(
                fc.oneof(
                  {
                    weight: 5,
                    arbitrary: fc
                      .array(mediaEntrySpecArb, { maxLength: 4 })
                      .map((entries) => ({ list: true as const, entries })),
                  },
                  { weight: 1, arbitrary: notAListArb.map((raw) => ({ list: false as const, raw })) },
                ),
                uidArb,
              )
              .map(([media, uid]) => ({
                raw: {
                  component: "ImagesArticle",
                  _uid: uid,
                  media: media.list ? media.entries.map((entry) => entry.raw) : media.raw,
                },
                cells: media.list ? media.entries.map((entry) => entry.kind) : (["not-a-list"] as const),
              })),
          },
          // other bloks and strays show nothing
          {
            weight: 1,
            arbitrary: fc
              .oneof(unknownBlokArb, scalarArb, fc.constant({ media: [{ Image: { filename: "x.jpg" } }] }))
              .map((raw) => ({ raw, cells: [] as const })),
          },
        ),
        { maxLength: 4 },
      )
      .map((bloks) => ({ raw: bloks.map((item) => item.raw), cells: bloks.flatMap((item) => [...item.cells]) })),
  },
);

export const articleContentArb = fc.record(
  {
    _uid: uidArb,
    component: fc.constantFrom<unknown>("article", "evil", undefined),
    Header: assetArb,
    Headline: fc.oneof(textArb, scalarArb),
    Text: richTextFieldArb,
    Link: linkArb,
    Icon: assetArb,
    info: listOf(
      blok("info", {
        Client: fc.oneof(textArb, scalarArb),
        Services: fc.oneof(textArb, scalarArb),
        Headline01: fc.oneof(textArb, scalarArb),
      }),
      2,
    ),
    Wrapper: wrapperSpecArb.map((spec) => spec.raw),
  },
  { requiredKeys: [], noNullPrototype: true },
);
export const articleStoryArb = storyArb(articleContentArb);

export const headerContentArb = pageContent(
  "header",
  bodyOf(
    blok("header_content", {
      Logo: assetArb,
      Index: linkArb,
      IndexLabel: fc.oneof(textArb, scalarArb),
      Link: linkArb,
      LinkLabel: fc.oneof(textArb, scalarArb),
      Burger: assetArb,
      Close: assetArb,
    }),
  ),
);
export const headerStoryArb = storyArb(headerContentArb);

export const footerContentArb = pageContent(
  "footer",
  bodyOf(
    blok("footer_content", {
      Text: fc.oneof(textArb, scalarArb),
      Imprint: linkArb,
      ImprintLabel: fc.oneof(textArb, scalarArb),
      email: linkArb,
      Icon: assetArb,
      SocialMedia: linkArb,
      Copyright: fc.oneof(textArb, scalarArb),
      LogoBig: fc.oneof(textArb, scalarArb),
    }),
  ),
);
export const footerStoryArb = storyArb(footerContentArb);

// ---------------------------------------------------------------------------
// Mutations of the demo stories

// vitest runs from the package root (jsdom gives import.meta.url no file: scheme)
const STORIES_DIR = join(process.cwd(), "content", "stories");

/** A demo story (the CDN `story` object) from content/stories/{name}.json. */
export function demoStory(name: string): Record<string, unknown> {
  const file = JSON.parse(readFileSync(join(STORIES_DIR, `${name}.json`), "utf8")) as {
    story: Record<string, unknown>;
  };
  return file.story;
}

/** Every demo article story. */
export function demoArticles(): Record<string, unknown>[] {
  return readdirSync(join(STORIES_DIR, "articles"))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => demoStory(`articles/${file.replace(/\.json$/, "")}`));
}

type Path = ReadonlyArray<string | number>;

/** The fields the site reads: mutations aim at these half of the time. */
const READ_FIELDS = new Set([
  "content",
  "body",
  "component",
  "_uid",
  "id",
  "name",
  "slug",
  "full_slug",
  "tag_list",
  "CaruselYN",
  "Photo",
  "Image",
  "PhoneSize",
  "link",
  "ImageData",
  "Name",
  "Tags",
  "filename",
  "alt",
  "title",
  "url",
  "cached_url",
  "linktype",
  "email",
  "target",
  "anchor",
  "Title",
  "Articles",
  "Text",
  "type",
  "text",
  "marks",
  "attrs",
  "href",
  "src",
  "level",
  "Headline",
  "Items",
  "Asset",
  "Tiles",
  "Media",
  "Info",
  "Header",
  "Link",
  "Icon",
  "info",
  "Client",
  "Services",
  "Headline01",
  "Wrapper",
  "media",
  "Fullsize",
  "right",
  "vertical",
  "Logo",
  "Index",
  "IndexLabel",
  "LinkLabel",
  "Burger",
  "Close",
  "Imprint",
  "ImprintLabel",
  "SocialMedia",
  "Copyright",
  "LogoBig",
]);

/** All paths into a JSON value (iterative, bounded). */
export function pathsOf(root: unknown, limit = 20_000): Path[] {
  const paths: Path[] = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value: root, path: [] }];
  while (stack.length > 0 && paths.length < limit) {
    const { value, path } = stack.pop()!;
    if (path.length > 0) paths.push(path);
    if (Array.isArray(value)) value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    else if (typeof value === "object" && value !== null) {
      for (const key of Object.keys(value))
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return paths;
}

export type MutationOp =
  "drop" | "replace" | "null" | "emptyList" | "emptyObject" | "unknownBlok" | "duplicate" | "wrongScalar" | "stringify";

export interface Mutation {
  /** index into the story's paths (modulo their number) */
  pick: number;
  /** aim at a field the site reads */
  aimed: boolean;
  op: MutationOp;
  value: unknown;
  blok: Record<string, unknown>;
  /** for duplicate: where the copy comes from */
  source: number;
}

export const mutationArb: fc.Arbitrary<Mutation> = fc.record(
  {
    pick: fc.nat(),
    aimed: fc.boolean(),
    op: fc.constantFrom<MutationOp>(
      "drop",
      "drop",
      "replace",
      "replace",
      "null",
      "emptyList",
      "emptyObject",
      "unknownBlok",
      "duplicate",
      "wrongScalar",
      "stringify",
    ),
    value: wrongArb,
    blok: unknownBlokArb,
    source: fc.nat(),
  },
  { noNullPrototype: true },
);

function parentOf(
  root: unknown,
  path: Path,
): { parent: Record<string | number, unknown> | unknown[]; key: string | number } | null {
  let current: unknown = root;
  for (let index = 0; index < path.length - 1; index += 1) {
    if (typeof current !== "object" || current === null) return null;
    current = (current as Record<string | number, unknown>)[path[index]!];
  }
  if (typeof current !== "object" || current === null) return null;
  const key = path[path.length - 1]!;
  if (Array.isArray(current) ? typeof key !== "number" || key >= current.length : !Object.hasOwn(current, key))
    return null;
  return { parent: current as Record<string | number, unknown>, key };
}

/** JSON text of a value; null when it has none or is nested too deep to stringify. */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/** A copy of a value as JSON would carry it (no shared objects, so no cycles); undefined when too deep. */
function jsonCopy(value: unknown): unknown {
  const json = jsonText(value);
  return json === null ? undefined : (JSON.parse(json) as unknown);
}

/** Applies mutations to a copy of `base`; mutations whose target is already gone are skipped. */
export function applyMutations(
  base: unknown,
  paths: { all: Path[]; aimed: Path[] },
  mutations: readonly Mutation[],
): unknown {
  const root = structuredClone(base) as unknown;
  for (const mutation of mutations) {
    const pool = mutation.aimed && paths.aimed.length > 0 ? paths.aimed : paths.all;
    if (pool.length === 0) break;
    const path = pool[mutation.pick % pool.length]!;
    const target = parentOf(root, path);
    if (!target) continue;
    const { parent, key } = target;
    const current = (parent as Record<string | number, unknown>)[key];
    const set = (value: unknown) => {
      (parent as Record<string | number, unknown>)[key] = value;
    };
    switch (mutation.op) {
      case "drop":
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete (parent as Record<string, unknown>)[key];
        break;
      case "replace":
        set(mutation.value);
        break;
      case "null":
        set(null);
        break;
      case "emptyList":
        set([]);
        break;
      case "emptyObject":
        set({});
        break;
      case "unknownBlok":
        if (Array.isArray(current)) current.splice(mutation.source % (current.length + 1), 0, mutation.blok);
        else if (Array.isArray(parent)) parent.splice(key as number, 0, mutation.blok);
        else set([mutation.blok]);
        break;
      case "duplicate": {
        const from = paths.all[mutation.source % paths.all.length]!;
        const source = parentOf(root, from);
        if (source) set(jsonCopy((source.parent as Record<string | number, unknown>)[source.key]));
        break;
      }
      case "wrongScalar":
        set(
          typeof current === "string"
            ? 42
            : typeof current === "number"
              ? "42"
              : typeof current === "boolean"
                ? "true"
                : Array.isArray(current)
                  ? "[]"
                  : typeof current === "object" && current !== null
                    ? "{}"
                    : false,
        );
        break;
      case "stringify": {
        const json = jsonText(current);
        if (json !== null) set(json);
        break;
      }
    }
  }
  return root;
}

/** A demo story with one to six random faults, aimed at the fields the site reads half of the time. */
export function mutatedStoryArb(bases: readonly unknown[]): fc.Arbitrary<unknown> {
  const indexed = bases.map((base) => {
    const all = pathsOf(base);
    const aimed = all.filter((path) => {
      const last = path[path.length - 1];
      return typeof last === "number" || (typeof last === "string" && READ_FIELDS.has(last));
    });
    return { base, paths: { all, aimed } };
  });
  return fc
    .tuple(fc.nat({ max: indexed.length - 1 }), fc.array(mutationArb, { minLength: 1, maxLength: 6 }))
    .map(([which, mutations]) => {
      const { base, paths } = indexed[which]!;
      return applyMutations(base, paths, mutations);
    });
}

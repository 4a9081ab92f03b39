import fc from "fast-check";
import { HOSTILE_HREFS, HOSTILE_IMAGE_SOURCES } from "../hostile-rich-text/urls";
import { scalarArb, textArb, wrongArb } from "./values";

/** Assets and links: every file type of SPEC 5 and every kind of unsafe URL. */

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

const fileOf = (kind: Exclude<MediaClass, "none">) =>
  fc
    .tuple(fc.constantFrom(...ASSET_BASES), fc.constantFrom(...FILE_STEMS), fc.constantFrom(...EXTENSIONS[kind]))
    .map(([base, stem, extension]) => {
      // "." and "" are odd extensions on purpose: "name." and "name"
      const file = extension === "" ? stem.replace(/\./g, "_") : `${stem.replace(/\./g, "_")}.${extension}`;
      return { filename: `${base}${file}`, missing: false, kind };
    });

/**
 * A filename and the class it belongs to, known by construction (the test's oracle); the filename is absent from
 * the asset when `missing`.
 */
const taggedFilenameArb = fc.oneof(
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

/** A raw Asset field (`value`) and its class. */
const assetRecordArb = fc
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
export const taggedAssetArb = fc.oneof(
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

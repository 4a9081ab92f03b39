// The demo's media: a fixed catalogue of files, either rendered into {out}/assets or
// looked up in an existing assets folder (benchmarks reuse the committed media).
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { artworkSvg, PALETTE, vectorPosterSvg, type ArtStyle, type Look } from "./art";
import { arrowSvg, burgerSvg, closeSvg, logoSvg, socialSvg } from "./interface-icons";
import { portfolioPdf, PDF_PAGE } from "./pdf";
import { createRng } from "./prng";
import { DETAIL_CAPTIONS, PROJECTS, STUDIO } from "./texts";
import { encodeVideo, heroLoopFrame, letterLoopFrame } from "./video";

export const SPACE_ID = 287401;
export const ASSET_ORIGIN = `https://a.storyblok.com/f/${SPACE_ID}`;

type Format = "webp" | "jpg" | "png" | "gif" | "svg" | "mp4" | "webm" | "pdf";

export interface MediaSpec {
  file: string;
  width: number;
  height: number;
  /** Default alt text and name (caption) of the asset. */
  alt: string;
  name: string;
  /** the editor's focal point, Storyblok's "x1xy1:x2xy2" in the file's pixels, or "" */
  focus: string;
  render: () => Promise<Buffer>;
}

/** What the stories need to know of a catalogue file stored under assets/{W}x{H}/{hash}/. */
export type MediaFile = ReturnType<typeof mediaFile>;

const ASSET_ID_BASE = 41_870_001;

async function raster(svg: string, format: Format): Promise<Buffer> {
  const image = sharp(Buffer.from(svg)).flatten({ background: PALETTE.paper });
  switch (format) {
    case "webp":
      return image.webp({ quality: 64 }).toBuffer();
    case "jpg":
      return image.jpeg({ quality: 66, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ palette: true, colours: 16, compressionLevel: 9, effort: 10 }).toBuffer();
    case "gif":
      return image.gif({ colours: 16, effort: 10 }).toBuffer();
    default:
      throw new Error(`not a raster format: ${format}`);
  }
}

async function video(w: number, h: number, codec: "h264" | "vp9", frame: (t: number) => string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "halbton-video-"));
  const out = path.join(dir, codec === "h264" ? "loop.mp4" : "loop.webm");
  try {
    await encodeVideo({ width: w, height: h, fps: 24, seconds: 3, codec, frame, out });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A focal point near one corner of an artwork, which any centred crop to
 * another shape (a 4:3 tile of a wide header, a hero cut to the window's
 * height) leaves outside: the demo shows the site keeping it in view. The
 * corner follows from the file's name, so the generator's random sequence
 * stays as it was.
 */
export function cornerFocus(file: string, w: number, h: number): string {
  const corner = createHash("sha1").update(file).digest()[0]! % 4;
  const x = Math.round(w * (corner % 2 === 0 ? 0.05 : 0.95));
  const y = Math.round(h * (corner < 2 ? 0.05 : 0.95));
  return `${x}x${y}:${x + 1}x${y + 1}`;
}

/**
 * A hero slide's phone focal point (its `PhoneFocus`): the phone file's
 * corner focus moved to the other end of its height. The phone crop (a tall
 * motif cut to the window's height on a tablet held upright) loses the top
 * and bottom of the file, so a crop around the file's own focus cuts this
 * point: the demo shows the phone crop following its own point. None for a
 * file without a focus (a video).
 */
export function phoneFocusOf(file: Pick<MediaFile, "focus" | "height">): string {
  const focus = /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(file.focus);
  if (!focus) return "";
  const [x1, y1, x2] = focus.slice(1, 4).map(Number) as [number, number, number];
  const y = file.height - 1 - y1;
  return `${x1}x${y}:${x2}x${y + 1}`;
}

function artwork(file: string, w: number, h: number, look: Look, alt: string, name: string): MediaSpec {
  const format = path.extname(file).slice(1) as Format;
  return {
    file,
    width: w,
    height: h,
    alt,
    name,
    focus: cornerFocus(file, w, h),
    render: () => {
      // Same seed at every size: a project's header, hero and tile share one composition.
      const svg = artworkSvg(look, w, h, createRng(look.seed));
      return raster(svg, format);
    },
  };
}

const svgFile = (file: string, w: number, h: number, alt: string, svg: () => string): MediaSpec => ({
  file,
  width: w,
  height: h,
  alt,
  name: alt,
  focus: "",
  render: async () => Buffer.from(svg()),
});

/** Projects with a second, portrait gallery tile (and the format it comes in). */
export const TILE_VARIANTS: Record<string, { file: string; width: number; height: number }> = {
  "atlas-der-stille": { file: "atlas-der-stille-tile.jpg", width: 900, height: 1200 },
  nachtbus: { file: "nachtbus-tile.jpg", width: 900, height: 1200 },
  "signal-serif": { file: "signal-serif-tile.jpg", width: 900, height: 1200 },
  hafenkino: { file: "hafenkino-tile.jpg", width: 900, height: 1200 },
  lautschrift: { file: "lautschrift-tile.jpg", width: 900, height: 1200 },
  "dachgarten-sessions": { file: "dachgarten-sessions-tile.jpg", width: 900, height: 1200 },
  "offene-stadt-daten": { file: "offene-stadt-daten-tile.png", width: 800, height: 800 },
  kiezkarte: { file: "kiezkarte-tile.gif", width: 600, height: 600 },
  "neue-mitte-wayfinding": { file: "neue-mitte-wayfinding-tile.svg", width: 900, height: 1200 },
};

export const HERO_PROJECTS = ["kiosk-morgenrot", "tidewater-type", "kanaltoene"] as const;

export const FILES = {
  logo: "halbton-logo.svg",
  burger: "menu-burger.svg",
  close: "menu-close.svg",
  social: "social-camera.svg",
  arrow: "arrow-up-right.svg",
  heroVideoDesktop: "halbton-loop-desktop.mp4",
  heroVideoPhone: "halbton-loop-phone.mp4",
  letterLoopMp4: "bewegte-lettern-loop.mp4",
  letterLoopWebm: "bewegte-lettern-loop.webm",
  workshop: "studio-werkstatt.jpg",
  portfolioPdf: "halbton-mappe-2025.pdf",
} as const;

export const headerFile = (slug: string): string => `${slug}-header.webp`;
/** A project's video of its work, by its slug: its article shows it in the last portrait cell of its media. */
export const PROJECT_CLIPS: Readonly<Record<string, string>> = { "bewegte-lettern": FILES.letterLoopMp4 };
export const heroFiles = (slug: string) => ({ desktop: `${slug}-hero-desktop.webp`, phone: `${slug}-hero-phone.webp` });

const DETAIL_STYLES: ArtStyle[] = ["bauhaus", "halftone", "poster", "orbs", "waves", "specimen", "moire"];
export const DETAIL_LANDSCAPE = Array.from({ length: 14 }, (_, i) => `detail-${String(i + 1).padStart(2, "0")}.webp`);
export const DETAIL_PORTRAIT = Array.from(
  { length: 10 },
  (_, i) => `detail-${String(i + 15).padStart(2, "0")}-portrait.webp`,
);

/** A project's name, and its look seeded for its artworks. */
function projectOf(seed: string, slug: string): { name: string; look: Look } {
  const project = PROJECTS.find((p) => p.slug === slug);
  if (!project) throw new Error(`unknown project ${slug}`);
  return { name: project.name, look: { ...project.look, seed: `${seed}:${slug}` } };
}

/** Each project's key visual, and the hero projects' campaign images for desktop and phone. */
function projectArtworks(seed: string): MediaSpec[] {
  const headers = PROJECTS.map(({ slug, name }) =>
    artwork(headerFile(slug), 1600, 1000, projectOf(seed, slug).look, `${name}, Key Visual`, name),
  );
  const heroes = HERO_PROJECTS.flatMap((slug) => {
    const { name, look } = projectOf(seed, slug);
    const files = heroFiles(slug);
    return [
      artwork(files.desktop, 1600, 900, look, `${name}, Kampagnenmotiv`, name),
      artwork(files.phone, 750, 1100, look, `${name}, Kampagnenmotiv hochkant`, name),
    ];
  });
  return [...headers, ...heroes];
}

type VideoFile = Pick<MediaSpec, "file" | "width" | "height" | "alt" | "name">;

/** A looping video of `frame`, without a focal point. */
function videoFile(spec: VideoFile, codec: "h264" | "vp9", frame: (w: number, h: number) => (t: number) => string) {
  return { ...spec, focus: "", render: () => video(spec.width, spec.height, codec, frame(spec.width, spec.height)) };
}

/** The hero's video loop, for desktop and phone. */
function heroVideos(): MediaSpec[] {
  const alt = "Animiertes Halbtonraster mit dem Schriftzug Halbton";
  const specs = [
    { file: FILES.heroVideoDesktop, width: 640, height: 360, alt, name: "Studio reel loop" },
    { file: FILES.heroVideoPhone, width: 360, height: 528, alt: `${alt}, hochkant`, name: "Studio reel loop, phone" },
  ];
  return specs.map((spec) => videoFile(spec, "h264", heroLoopFrame));
}

/** The gallery tiles' own files, vector posters or artworks. */
function tileArtworks(seed: string): MediaSpec[] {
  return Object.entries(TILE_VARIANTS).map(([slug, { file, width, height }]) => {
    const { name, look } = projectOf(seed, slug);
    const alt = `${name}, Detail`;
    return file.endsWith(".svg")
      ? svgFile(file, width, height, alt, () => vectorPosterSvg(look, width, height, createRng(look.seed)))
      : artwork(file, width, height, look, alt, name);
  });
}

/** The letter loop, as MP4 and as WebM. */
function letterLoops(): MediaSpec[] {
  const loop = {
    width: 480,
    height: 600,
    alt: "Buchstaben aus Punkten, die im Takt atmen",
    name: "Bewegte Lettern, Loop",
  };
  return [
    videoFile({ ...loop, file: FILES.letterLoopMp4 }, "h264", letterLoopFrame),
    videoFile(
      { ...loop, file: FILES.letterLoopWebm, alt: `${loop.alt} (WebM)`, name: `${loop.name} (WebM)` },
      "vp9",
      letterLoopFrame,
    ),
  ];
}

/** The detail images, landscape and portrait. */
function detailArtworks(seed: string): MediaSpec[] {
  const detailRng = createRng(`${seed}:details`);
  return [...DETAIL_LANDSCAPE, ...DETAIL_PORTRAIT].map((file, i) => {
    const portrait = file.includes("portrait");
    const caption = DETAIL_CAPTIONS[i % DETAIL_CAPTIONS.length] ?? "Detail";
    const look: Look = {
      style: DETAIL_STYLES[i % DETAIL_STYLES.length] ?? "bauhaus",
      duo: (i * 3) % 10,
      letters: detailRng
        .alphanumeric(3)
        .toUpperCase()
        .replace(/[^A-Z]/g, "H"),
      seed: `${seed}:${file}`,
    };
    return artwork(file, portrait ? 800 : 1200, portrait ? 1120 : 800, look, caption, caption);
  });
}

/** The workshop's photo and the portfolio PDF. */
function studioFiles(seed: string): MediaSpec[] {
  return [
    artwork(
      FILES.workshop,
      1200,
      800,
      { style: "halftone", duo: 9, letters: "HW", seed: `${seed}:workshop` },
      "Werkstatt von Studio Halbton als Halbtonraster",
      "Werkstatt, Kiefholzhöfe",
    ),
    {
      file: FILES.portfolioPdf,
      width: PDF_PAGE.width,
      height: PDF_PAGE.height,
      alt: "Mappe 2025 als PDF",
      name: "Mappe 2025 (PDF)",
      focus: "",
      render: async () => portfolioPdf(`${STUDIO.name} - Mappe 2025`, "Type, Posters, Identities, Motion, Web"),
    },
  ];
}

export function mediaCatalogue(seed: string): MediaSpec[] {
  return [
    svgFile(FILES.logo, 492, 84, "Studio Halbton", logoSvg),
    svgFile(FILES.burger, 32, 32, "Menü öffnen", burgerSvg),
    svgFile(FILES.close, 32, 32, "Menü schließen", closeSvg),
    svgFile(FILES.social, 32, 32, "Instagram", socialSvg),
    svgFile(FILES.arrow, 32, 32, "Pfeil nach rechts oben", arrowSvg),
    ...projectArtworks(seed),
    ...heroVideos(),
    ...tileArtworks(seed),
    ...letterLoops(),
    ...detailArtworks(seed),
    ...studioFiles(seed),
  ];
}

export const assetUrl = (f: { width: number; height: number; hash: string; file: string }): string =>
  `${ASSET_ORIGIN}/${f.width}x${f.height}/${f.hash}/${f.file}`;

/** A catalogue file stored under assets/{W}x{H}/{hash}/, as the stories see it. */
function mediaFile(spec: MediaSpec, index: number, hash: string) {
  const { file, width, height, alt, name, focus } = spec;
  const url = assetUrl({ width, height, hash, file });
  return { id: ASSET_ID_BASE + index, file, width, height, hash, alt, name, focus, url };
}

/** Renders every file of the catalogue into assetsDir/{W}x{H}/{hash}/{file}. */
export async function renderMedia(
  specs: readonly MediaSpec[],
  assetsDir: string,
  log: (msg: string) => void,
): Promise<MediaFile[]> {
  const limit = pLimit(2);
  const rendered = specs.map((spec, index) =>
    limit(async () => {
      const data = await spec.render();
      const hash = createHash("sha1").update(data).digest("hex").slice(0, 10);
      const dir = path.join(assetsDir, `${spec.width}x${spec.height}`, hash);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, spec.file), data);
      log(`  ${spec.file} ${spec.width}x${spec.height} ${(data.length / 1024).toFixed(0)} KB`);
      return mediaFile(spec, index, hash);
    }),
  );
  return Promise.all(rendered);
}

/** Finds every catalogue file in an existing assets folder (no rendering). */
export async function findMedia(specs: readonly MediaSpec[], assetsDir: string): Promise<MediaFile[]> {
  const found = new Map<string, { dims: string; hash: string }>();
  let dimsDirs: string[];
  try {
    dimsDirs = await readdir(assetsDir);
  } catch {
    throw new Error(`No media folder at ${assetsDir}: generate the media first (npm run content:generate).`);
  }
  for (const dims of dimsDirs) {
    if (!/^\d+x\d+$/.test(dims)) continue;
    for (const hash of await readdir(path.join(assetsDir, dims))) {
      for (const file of await readdir(path.join(assetsDir, dims, hash))) found.set(file, { dims, hash });
    }
  }
  const missing: string[] = [];
  const files = specs.map((spec, index) => {
    const hit = found.get(spec.file);
    if (!hit || hit.dims !== `${spec.width}x${spec.height}`) missing.push(spec.file);
    return mediaFile(spec, index, hit?.hash ?? "");
  });
  if (missing.length > 0) {
    throw new Error(`Media missing in ${assetsDir} (regenerate with media): ${missing.join(", ")}`);
  }
  return files;
}

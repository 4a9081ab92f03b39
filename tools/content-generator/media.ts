// The demo's media: a fixed catalogue of files, either rendered into {out}/assets or
// looked up in an existing assets folder (benchmarks reuse the committed media).
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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

export interface MediaFile {
  id: number;
  file: string;
  width: number;
  height: number;
  hash: string;
  url: string;
  alt: string;
  name: string;
  focus: string;
}

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

/** A project's look, seeded for its artworks. */
function projectLook(seed: string, slug: string): Look {
  const project = PROJECTS.find((p) => p.slug === slug);
  if (!project) throw new Error(`unknown project ${slug}`);
  return { ...project.look, seed: `${seed}:${slug}` };
}

/** Each project's key visual, and the hero projects' campaign images for desktop and phone. */
function projectArtworks(seed: string): MediaSpec[] {
  const specs: MediaSpec[] = [];
  for (const project of PROJECTS) {
    specs.push(
      artwork(
        headerFile(project.slug),
        1600,
        1000,
        projectLook(seed, project.slug),
        `${project.name}, Key Visual`,
        project.name,
      ),
    );
  }
  for (const slug of HERO_PROJECTS) {
    const project = PROJECTS.find((p) => p.slug === slug);
    const files = heroFiles(slug);
    const name = project?.name ?? slug;
    specs.push(artwork(files.desktop, 1600, 900, projectLook(seed, slug), `${name}, Kampagnenmotiv`, name));
    specs.push(artwork(files.phone, 750, 1100, projectLook(seed, slug), `${name}, Kampagnenmotiv hochkant`, name));
  }
  return specs;
}

/** The hero's video loop, for desktop and phone. */
function heroVideos(): MediaSpec[] {
  const specs: MediaSpec[] = [];
  specs.push({
    file: FILES.heroVideoDesktop,
    width: 640,
    height: 360,
    alt: "Animiertes Halbtonraster mit dem Schriftzug Halbton",
    name: "Studio reel loop",
    focus: "",
    render: () => video(640, 360, "h264", heroLoopFrame(640, 360)),
  });
  specs.push({
    file: FILES.heroVideoPhone,
    width: 360,
    height: 528,
    alt: "Animiertes Halbtonraster mit dem Schriftzug Halbton, hochkant",
    name: "Studio reel loop, phone",
    focus: "",
    render: () => video(360, 528, "h264", heroLoopFrame(360, 528)),
  });
  return specs;
}

/** The gallery tiles' own files, vector posters or artworks. */
function tileArtworks(seed: string): MediaSpec[] {
  const specs: MediaSpec[] = [];
  for (const [slug, tile] of Object.entries(TILE_VARIANTS)) {
    const project = PROJECTS.find((p) => p.slug === slug);
    const name = project?.name ?? slug;
    const alt = `${name}, Detail`;
    if (tile.file.endsWith(".svg")) {
      const look = projectLook(seed, slug);
      specs.push(
        svgFile(tile.file, tile.width, tile.height, alt, () =>
          vectorPosterSvg(look, tile.width, tile.height, createRng(look.seed)),
        ),
      );
    } else {
      specs.push(artwork(tile.file, tile.width, tile.height, projectLook(seed, slug), alt, name));
    }
  }
  return specs;
}

/** The letter loop, as MP4 and as WebM. */
function letterLoops(): MediaSpec[] {
  const specs: MediaSpec[] = [];
  specs.push({
    file: FILES.letterLoopMp4,
    width: 480,
    height: 600,
    alt: "Buchstaben aus Punkten, die im Takt atmen",
    name: "Bewegte Lettern, Loop",
    focus: "",
    render: () => video(480, 600, "h264", letterLoopFrame(480, 600)),
  });
  specs.push({
    file: FILES.letterLoopWebm,
    width: 480,
    height: 600,
    alt: "Buchstaben aus Punkten, die im Takt atmen (WebM)",
    name: "Bewegte Lettern, Loop (WebM)",
    focus: "",
    render: () => video(480, 600, "vp9", letterLoopFrame(480, 600)),
  });
  return specs;
}

/** The detail images, landscape and portrait. */
function detailArtworks(seed: string): MediaSpec[] {
  const specs: MediaSpec[] = [];
  const detailRng = createRng(`${seed}:details`);
  [...DETAIL_LANDSCAPE, ...DETAIL_PORTRAIT].forEach((file, i) => {
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
    specs.push(artwork(file, portrait ? 800 : 1200, portrait ? 1120 : 800, look, caption, caption));
  });
  return specs;
}

/** The workshop's photo and the portfolio PDF. */
function studioFiles(seed: string): MediaSpec[] {
  const specs: MediaSpec[] = [];
  specs.push(
    artwork(
      FILES.workshop,
      1200,
      800,
      { style: "halftone", duo: 9, letters: "HW", seed: `${seed}:workshop` },
      "Werkstatt von Studio Halbton als Halbtonraster",
      "Werkstatt, Kiefholzhöfe",
    ),
  );
  specs.push({
    file: FILES.portfolioPdf,
    width: PDF_PAGE.width,
    height: PDF_PAGE.height,
    alt: "Mappe 2025 als PDF",
    name: "Mappe 2025 (PDF)",
    focus: "",
    render: async () => portfolioPdf(`${STUDIO.name} - Mappe 2025`, "Type, Posters, Identities, Motion, Web"),
  });
  return specs;
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

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Renders every file of the catalogue into assetsDir/{W}x{H}/{hash}/{file}. */
export async function renderMedia(
  specs: readonly MediaSpec[],
  assetsDir: string,
  log: (msg: string) => void,
): Promise<MediaFile[]> {
  return mapLimit(specs, 2, async (spec, index) => {
    const data = await spec.render();
    const hash = createHash("sha1").update(data).digest("hex").slice(0, 10);
    const dir = path.join(assetsDir, `${spec.width}x${spec.height}`, hash);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, spec.file), data);
    log(`  ${spec.file} ${spec.width}x${spec.height} ${(data.length / 1024).toFixed(0)} KB`);
    const file = {
      id: ASSET_ID_BASE + index,
      file: spec.file,
      width: spec.width,
      height: spec.height,
      hash,
      alt: spec.alt,
      name: spec.name,
      focus: spec.focus,
    };
    return { ...file, url: assetUrl(file) };
  });
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
    const file = {
      id: ASSET_ID_BASE + index,
      file: spec.file,
      width: spec.width,
      height: spec.height,
      hash: hit?.hash ?? "",
      alt: spec.alt,
      name: spec.name,
      focus: spec.focus,
    };
    return { ...file, url: assetUrl(file) };
  });
  if (missing.length > 0) {
    throw new Error(`Media missing in ${assetsDir} (regenerate with media): ${missing.join(", ")}`);
  }
  return files;
}

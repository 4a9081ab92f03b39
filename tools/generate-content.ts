// Writes the demo space (Studio Halbton) into a content folder: space.json, stories/**.json
// and assets/{W}x{H}/{hash}/{file}. Deterministic: same options, same bytes.
//
//   npm run content:generate                         stories + media into content/
//   npm run content:generate -- --no-media           stories only, reusing content/assets
//   npm run content:generate -- --out /tmp/c --articles 10000 --media-from content/assets
import { storyWithEnglish } from "./content-generator/english";
import { withLanguageMarks } from "./content-generator/language-marks";
import { lstat, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { findMedia, mediaCatalogue, renderMedia, type MediaFile } from "./content-generator/media";
import { buildStories } from "./content-generator/stories";
import type { StoryFile } from "./content-generator/story-shape";
import { MIN_ARTICLES, PROJECTS } from "./content-generator/texts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_OUT = path.join(ROOT, "content");
export const DEFAULT_SEED = "studio-halbton";

export interface GenerateOptions {
  outDir?: string;
  /** Number of article stories (default 32, at least 10). */
  articles?: number;
  /** "render": draw and encode the media into {outDir}/assets. {from}: reuse an existing assets folder. */
  media?: "render" | { from: string };
  seed?: string;
  log?: (message: string) => void;
}

async function writeAll(files: Iterable<{ file: string; body: () => string }>, batch = 64): Promise<number> {
  const dirs = new Set<string>();
  let pending: Promise<void>[] = [];
  let count = 0;
  for (const f of files) {
    const dir = path.dirname(f.file);
    if (!dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      dirs.add(dir);
    }
    pending.push(writeFile(f.file, f.body()));
    count++;
    if (pending.length >= batch) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return count;
}

/**
 * A story file with its English passages marked and the English
 * translation of its stories (Storyblok's field-level translation).
 */
function inEnglish(data: StoryFile): StoryFile {
  const translated = <S extends StoryFile["story"]>(story: S): S =>
    storyWithEnglish({ ...story, content: withLanguageMarks(story.content) });
  return {
    ...data,
    story: translated(data.story),
    ...(data.published ? { published: translated(data.published) } : {}),
  };
}

function* storyFiles(storiesDir: string, built: ReturnType<typeof buildStories>) {
  const json = (data: StoryFile) => () => `${JSON.stringify(inEnglish(data), null, 2)}\n`;
  for (const f of built.files) yield { file: path.join(storiesDir, f.path), body: json(f.data) };
  for (const f of built.articleFiles()) yield { file: path.join(storiesDir, f.path), body: json(f.data) };
}

export async function generateContent(options: GenerateOptions = {}) {
  const outDir = path.resolve(options.outDir ?? DEFAULT_OUT);
  const articleCount = options.articles ?? PROJECTS.length;
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(articleCount) || articleCount < MIN_ARTICLES) {
    throw new Error(`--articles must be an integer of at least ${MIN_ARTICLES} (got ${articleCount})`);
  }
  const media = options.media ?? "render";
  const assetsDir = path.join(outDir, "assets");
  const specs = mediaCatalogue(seed);

  let assets: MediaFile[];
  if (media === "render") {
    log(`rendering ${specs.length} media files into ${assetsDir}`);
    // a link (a --no-media folder's) goes, not the folder it points to
    await rm(assetsDir, { recursive: true, force: true });
    assets = await renderMedia(specs, assetsDir, log);
  } else {
    const from = path.resolve(media.from);
    assets = await findMedia(specs, from);
    // Make the folder self-contained for a content service pointed at it.
    if (from !== assetsDir && !(await lstat(assetsDir).catch(() => null))) {
      await mkdir(outDir, { recursive: true });
      await symlink(from, assetsDir, "dir");
    }
  }

  const built = buildStories(seed, articleCount, assets);
  const storiesDir = path.join(outDir, "stories");
  await rm(storiesDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, "space.json"), `${JSON.stringify(built.space, null, 2)}\n`);
  const stories = await writeAll(storyFiles(storiesDir, built));
  log(`wrote ${stories} stories into ${storiesDir}`);
  return { outDir, stories, assets, articles: built.articles };
}

function parseCli(argv: string[]): GenerateOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      articles: { type: "string" },
      "media-from": { type: "string" },
      "no-media": { type: "boolean" },
      seed: { type: "string" },
      quiet: { type: "boolean" },
    },
  });
  const reuse = values["media-from"] ?? (values["no-media"] ? path.join(DEFAULT_OUT, "assets") : undefined);
  return {
    outDir: values.out,
    articles: values.articles === undefined ? undefined : Number(values.articles),
    media: reuse === undefined ? "render" : { from: reuse },
    seed: values.seed,
    log: values.quiet ? undefined : (m) => console.info(m),
  };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const started = performance.now();
  generateContent(parseCli(process.argv.slice(2)))
    .then((result) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(
        `done in ${seconds} s: ${result.stories} stories, ${result.assets.length} media files in ${result.outDir}`,
      );
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}

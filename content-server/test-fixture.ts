import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import os from "node:os";
import { buffer } from "node:stream/consumers";
import path from "node:path";
import sharp from "sharp";
import { startContentServer, type ContentServerHandle, type ContentServerOptions } from "./content-server";

/**
 * A small content folder for the tests, built in a temporary directory:
 * space.json, the shared stories of the content model, `articles` articles
 * and a few generated assets.
 */

export const SPACE_ID = 287401;
export const PREVIEW_TOKEN = "preview-token-test-0001";
export const PUBLIC_TOKEN = "public-token-test-0001";
export const ASSET_BASE = `https://a.storyblok.com/f/${SPACE_ID}`;
export const HERO = { dims: "1600x1000", hash: "3f9a1c2b7e", file: "hero-1.jpg" };
export const HERO_PATH = `/f/${SPACE_ID}/${HERO.dims}/${HERO.hash}/${HERO.file}`;
export const LOGO_PATH = `/f/${SPACE_ID}/120x40/a1b2c3d4e5/logo.svg`;
export const ICON_PATH = `/f/${SPACE_ID}/200x100/b2c3d4e5f6/icon.png`;
export const GIF_PATH = `/f/${SPACE_ID}/8x8/c3d4e5f6a7/anim.gif`;
export const VIDEO_PATH = `/f/${SPACE_ID}/1280x720/d4e5f6a7b8/clip.mp4`;
export const PDF_PATH = `/f/${SPACE_ID}/0x0/e5f6a7b8c9/sheet.pdf`;
export const TAGS = ["Research", "Typefont", "Poster", "Digital", "Animation", "Website", "Branding", "Sound"];

export interface Fixture {
  dir: string;
  articles: Array<{ id: number; uuid: string; full_slug: string }>;
  writeStory(fullSlug: string, data: unknown): Promise<void>;
  cleanup(): Promise<void>;
}

/** The service on `fx` (a free port, not watching, its renders in the fixture), with `options` over those; pushed to `servers` to close. */
export async function startOnFixture(
  fx: Fixture,
  servers: ContentServerHandle[],
  options: ContentServerOptions = {},
): Promise<ContentServerHandle> {
  const server = await startContentServer({
    port: 0,
    contentDir: fx.dir,
    imageCacheDir: `${fx.dir}/.image-cache`,
    watch: false,
    ...options,
  });
  servers.push(server);
  return server;
}

export function uuidFor(n: number): string {
  const hex = n.toString(16).padStart(12, "0");
  return `00000000-0000-4000-8000-${hex}`;
}

function asset(dims: string, hash: string, file: string, name = file) {
  return {
    id: 1,
    filename: `${ASSET_BASE}/${dims}/${hash}/${file}`,
    alt: name,
    name,
    title: "",
    focus: "",
    copyright: "",
    fieldtype: "asset",
  };
}

function storyLink(uuid: string, slug: string) {
  return {
    id: uuid,
    url: "",
    cached_url: slug,
    linktype: "story",
    target: "_self",
    anchor: "",
    fieldtype: "multilink",
  };
}

function story(
  n: number,
  fullSlug: string,
  name: string,
  content: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const slug = fullSlug.split("/").pop() ?? fullSlug;
  const created = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
  return {
    name,
    created_at: created,
    published_at: created,
    first_published_at: created,
    id: n,
    uuid: uuidFor(n),
    content: { _uid: `uid-${n}`, ...content },
    slug,
    full_slug: fullSlug,
    sort_by_date: null,
    position: 0,
    tag_list: [] as string[],
    is_startpage: false,
    parent_id: fullSlug.includes("/") ? 900 : null,
    meta_data: null,
    group_id: `group-${n}`,
    lang: "default",
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
    ...extra,
  };
}

type WriteFile = (rel: string, data: unknown) => Promise<void>;

export async function createFixture({
  articles = 12,
  assets = true,
}: { articles?: number; assets?: boolean } = {}): Promise<Fixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "content-server-test-"));
  const write: WriteFile = async (rel, data) => {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    // written beside (a dot file, which the service ignores) and renamed into place: the watcher of a running
    // service never reads half a file, which on a busy machine it did, and a change then came late or not at all
    const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
    await writeFile(partial, typeof data === "string" || Buffer.isBuffer(data) ? data : JSON.stringify(data, null, 1));
    await rename(partial, file);
  };
  await write("space.json", {
    space: { id: SPACE_ID, name: "Test Space", domain: "http://localhost:3000/" },
    previewToken: PREVIEW_TOKEN,
    publicToken: PUBLIC_TOKEN,
  });
  const list = await writeArticles(write, articles);
  await Promise.all([...writePageStories(write, list), ...writeSiteStories(write, list)]);
  if (assets) await writeAssets(write);
  return {
    dir,
    articles: list,
    writeStory: (fullSlug, data) => write(`stories/${fullSlug}.json`, data),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** `count` articles, each with the hero image, a rank, tags and a position. */
async function writeArticles(write: WriteFile, count: number): Promise<Fixture["articles"]> {
  const articles = Array.from({ length: count }, async (_, k) => {
    const i = k + 1;
    const id = 1000 + i;
    const fullSlug = `articles/article-${String(i).padStart(3, "0")}`;
    const s = story(
      id,
      fullSlug,
      `Article ${i}`,
      {
        component: "article",
        Headline: `Headline ${String(i).padStart(3, "0")}`,
        Rank: String(i % 7),
        Header: asset(HERO.dims, HERO.hash, HERO.file),
        Tags: [TAGS[i % TAGS.length], TAGS[(i + 1) % TAGS.length]],
      },
      { position: i % 3, tag_list: [TAGS[i % TAGS.length] as string] },
    );
    await write(`stories/${fullSlug}.json`, { story: s });
    return { id, uuid: uuidFor(id), full_slug: fullSlug };
  });
  return Promise.all(articles);
}

/** home (a hero) and about (a draft that links the first two articles, published bare). */
function writePageStories(write: WriteFile, list: Fixture["articles"]): Array<Promise<void>> {
  const [first, second] = list;
  return [
    write("stories/home.json", {
      story: story(
        1,
        "home",
        "Home",
        {
          component: "page",
          body: [
            {
              _uid: "hero-1",
              component: "hero",
              Image: [{ _uid: "slide-1", component: "slide", Image: asset(HERO.dims, HERO.hash, HERO.file) }],
            },
          ],
        },
        { is_startpage: false, position: 10 },
      ),
    }),
    write("stories/about.json", {
      story: story(2, "about", "About (draft)", {
        component: "about",
        body: [
          {
            _uid: "ab-1",
            component: "about_block",
            Headline: "About",
            Text: {
              type: "doc",
              content: [
                {
                  type: "paragraph",
                  content: [
                    {
                      type: "text",
                      text: "see",
                      marks: [{ type: "link", attrs: { href: "/articles", uuid: second?.uuid, linktype: "story" } }],
                    },
                  ],
                },
              ],
            },
          },
        ],
        Link: first ? storyLink(first.uuid, first.full_slug) : null,
      }),
      published: story(2, "about", "About", { component: "about", body: [] }),
    }),
  ];
}

/** secret (never published), index (an article list with a missing story), header, the articles' start page. */
function writeSiteStories(write: WriteFile, list: Fixture["articles"]): Array<Promise<void>> {
  return [
    write("stories/secret.json", {
      story: story(
        3,
        "secret",
        "Secret draft",
        { component: "page", body: [] },
        { published_at: null, first_published_at: null },
      ),
      published: null,
    }),
    write("stories/index.json", {
      story: story(4, "index", "Index", {
        component: "index",
        body: [
          {
            _uid: "al-1",
            component: "article_list",
            Title: "All",
            Articles: list
              .slice(0, 3)
              .map((a) => a.uuid)
              .concat(uuidFor(3), "00000000-dead-4000-8000-000000000000"),
          },
        ],
      }),
    }),
    write("stories/header.json", {
      story: story(5, "header", "Header", {
        component: "header",
        body: [{ _uid: "hc-1", component: "header_content", Logo: asset("120x40", "a1b2c3d4e5", "logo.svg") }],
      }),
    }),
    write("stories/articles/index.json", {
      story: story(6, "articles/", "Articles", { component: "page", body: [] }, { is_startpage: true, slug: "" }),
    }),
  ];
}

/** A photo-like JPEG, an SVG, a half-transparent PNG, a GIF, a video, a PDF, and a file outside the assets. */
async function writeAssets(write: WriteFile): Promise<void> {
  // smooth, photo-like 1600x1000 picture: upscaled noise
  const noise = await sharp({
    create: {
      width: 160,
      height: 100,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const hero = await sharp(noise).resize(1600, 1000, { kernel: "cubic" }).jpeg({ quality: 80 }).toBuffer();
  const icon = await sharp({
    create: { width: 200, height: 100, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00ff00" } })
    .gif()
    .toBuffer();
  await Promise.all([
    write(`assets/${HERO.dims}/${HERO.hash}/${HERO.file}`, hero),
    write(
      "assets/120x40/a1b2c3d4e5/logo.svg",
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40"/></svg>',
    ),
    write("assets/200x100/b2c3d4e5f6/icon.png", icon),
    write("assets/8x8/c3d4e5f6a7/anim.gif", gif),
    write("assets/1280x720/d4e5f6a7b8/clip.mp4", Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256))),
    write("assets/0x0/e5f6a7b8c9/sheet.pdf", "%PDF-1.4\n%test\n"),
    write("space-secret.txt", "outside the assets folder"),
  ]);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** A request whose path is sent exactly as given (fetch would normalise `..`). */
export function rawRequest(
  origin: string,
  rawPath: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: init.method ?? "GET",
        path: rawPath,
        headers: init.headers,
        agent: false,
      },
      (res) =>
        buffer(res).then(
          (body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") }),
          reject,
        ),
    );
    req.on("error", reject);
    req.end();
  });
}

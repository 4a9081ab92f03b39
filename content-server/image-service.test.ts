import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContentServer, type ContentServerHandle } from "./content-server";
import {
  createFixture,
  GIF_PATH,
  HERO_PATH,
  ICON_PATH,
  LOGO_PATH,
  PDF_PATH,
  rawRequest,
  type Fixture,
} from "./test-fixture";

/** The image service: sizes, formats, filters, caching and refusals. */

let fx: Fixture;
let server: ContentServerHandle;

beforeAll(async () => {
  fx = await createFixture({ articles: 1 });
  server = await startContentServer({ port: 0, contentDir: fx.dir, imageCacheDir: `${fx.dir}/.image-cache` });
});

afterAll(async () => {
  await server?.close();
  await fx?.cleanup();
});

async function image(p: string, accept = "image/avif,image/webp,*/*") {
  const res = await fetch(server.url + p, { headers: { Accept: accept } });
  const body = Buffer.from(await res.arrayBuffer());
  const meta = res.status === 200 ? await sharp(body).metadata() : undefined;
  return { res, body, meta };
}

describe("image service", () => {
  it("/m/1200x0 of a 1600x1000 source gives a 1200x750 WebP when WebP is accepted", async () => {
    const { res, meta } = await image(`${HERO_PATH}/m/1200x0`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(meta).toMatchObject({ format: "webp", width: 1200, height: 750 });
  });

  it("keeps the source format without WebP in Accept, and /m/ keeps the size", async () => {
    const { res, meta } = await image(`${HERO_PATH}/m/`, "image/jpeg,*/*");
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 1000 });
    expect((await image(`${ICON_PATH}/m/0x50`, "*/*")).meta).toMatchObject({ format: "png", width: 100, height: 50 });
  });

  it("crops to both sides, fits in, flips and smart-crops", async () => {
    expect((await image(`${HERO_PATH}/m/400x400`)).meta).toMatchObject({ width: 400, height: 400 });
    expect((await image(`${HERO_PATH}/m/fit-in/400x400`)).meta).toMatchObject({ width: 400, height: 250 });
    expect((await image(`${ICON_PATH}/m/fit-in/300x300/filters:fill(transparent):format(png)`)).meta).toMatchObject({
      width: 300,
      height: 300,
      hasAlpha: true,
    });
    expect((await image(`${HERO_PATH}/m/-300x200`)).meta).toMatchObject({ width: 300, height: 200 });
    expect((await image(`${HERO_PATH}/m/300x300/smart`)).meta).toMatchObject({ width: 300, height: 300 });
    expect((await image(`${HERO_PATH}/m/300x300/filters:focal(1400x100:1500x200)`)).meta).toMatchObject({
      width: 300,
      height: 300,
    });
  });

  it("encodes AVIF when the URL asks for it, as Storyblok's image service does, and caches it", async () => {
    const first = await image(`${HERO_PATH}/m/320x0/filters:format(avif)`);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("image/avif");
    expect(first.meta).toMatchObject({ format: "heif", compression: "av1", width: 320, height: 200 });
    expect(first.res.headers.get("x-image-cache")).toBe("miss");
    const again = await image(`${HERO_PATH}/m/320x0/filters:format(avif)`);
    expect(again.res.headers.get("x-image-cache")).toBe("hit");
    expect(again.body.equals(first.body)).toBe(true);
  });

  it("applies filters: format, quality, rotate, grayscale, blur, brightness", async () => {
    const png = await image(`${HERO_PATH}/m/200x0/filters:format(png)`);
    expect(png.res.headers.get("content-type")).toBe("image/png");
    expect(png.res.headers.get("vary")).toBeNull();
    expect(png.meta).toMatchObject({ format: "png", width: 200, height: 125 });
    expect((await image(`${HERO_PATH}/m/400x0/filters:rotate(90)`)).meta).toMatchObject({ width: 250, height: 400 });
    const low = await image(`${HERO_PATH}/m/400x0/filters:quality(10):format(jpeg)`);
    const high = await image(`${HERO_PATH}/m/400x0/filters:quality(95):format(jpeg)`);
    expect(low.body.length).toBeLessThan(high.body.length);
    const gray = await image(`${HERO_PATH}/m/100x0/filters:grayscale():blur(5):brightness(20):format(png)`);
    const stats = await sharp(gray.body).stats();
    expect(stats.isOpaque).toBe(true);
    expect(gray.meta).toMatchObject({ width: 100, height: 63 });
  });

  it("passes SVG and GIF through unchanged", async () => {
    const svg = await fetch(`${server.url}${LOGO_PATH}/m/100x0`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
    const gif = await image(`${GIF_PATH}/m/100x100`);
    expect(gif.meta).toMatchObject({ format: "gif", width: 8, height: 8 });
  });

  it("caches results on disk and answers conditionals", async () => {
    const p = `${HERO_PATH}/m/640x0/filters:quality(70)`;
    const first = await image(p);
    const second = await image(p);
    expect(first.res.headers.get("x-image-cache")).toBe("miss");
    expect(second.res.headers.get("x-image-cache")).toBe("hit");
    expect(second.body.equals(first.body)).toBe(true);
    const etag = second.res.headers.get("etag")!;
    const conditional = await rawRequest(server.url, p, { headers: { Accept: "image/webp", "If-None-Match": etag } });
    expect(conditional.status).toBe(304);
    const dirs = await readdir(`${fx.dir}/.image-cache`);
    expect(dirs.length).toBeGreaterThan(0);
  });

  it("renders identical concurrent requests once", async () => {
    const p = `${HERO_PATH}/m/333x0`;
    const results = await Promise.all(Array.from({ length: 6 }, () => image(p)));
    expect(results.every((r) => r.meta?.width === 333)).toBe(true);
    expect(new Set(results.map((r) => r.body.toString("base64"))).size).toBe(1);
  });

  it("refuses bad transformations with 400 JSON", async () => {
    const cases: Array<[string, string]> = [
      ["/m/5000x0", "Invalid image transformation: the size 5000x0 is larger than the maximum 4000x4000"],
      ["/m/0x4000", "Invalid image transformation: the result would be 6400x4000, larger than 4000x4000"],
      [
        "/m/100x100/filters:sepia()",
        'Invalid image transformation: unknown filter "sepia"; known: quality, blur, brightness, rotate, format, fill, focal, grayscale',
      ],
      ["/m/filters:quality(101)", "Invalid image transformation: quality() must be between 1 and 100, got 101"],
      ["/m/filters:quality(0)", "Invalid image transformation: quality() must be between 1 and 100, got 0"],
      ["/m/filters:rotate(45)", "Invalid image transformation: rotate() accepts 0, 90, 180 or 270"],
      ["/m/filters:format(bmp)", 'Invalid image transformation: format() accepts avif, webp, png or jpeg, got "bmp"'],
      [
        "/m/filters:fill(red)",
        'Invalid image transformation: fill() needs a hex colour (e.g. FFFFFF) or "transparent", got "red"',
      ],
      [
        "/m/filters:brightness(-101)",
        "Invalid image transformation: brightness() must be between -100 and 100, got -101",
      ],
      ["/m/100xabc", 'Invalid image transformation: unexpected "100xabc"'],
      ["/m/100x100/extra", 'Invalid image transformation: unexpected "extra"'],
      [
        "/m/filters:quality(80)quality(70)",
        'Invalid image transformation: filters must be separated by ":" (at "quality(70)")',
      ],
    ];
    for (const [suffix, error] of cases) {
      const res = await fetch(server.url + HERO_PATH + suffix);
      expect(res.status, suffix).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await res.json(), suffix).toEqual({ error });
    }
    const pdf = await fetch(`${server.url}${PDF_PATH}/m/100x100`);
    expect(pdf.status).toBe(400);
    expect(await pdf.json()).toEqual({ error: "The image service transforms images only; .pdf is not one" });
  });
});

describe("the disk cache of rendered images", () => {
  async function cachedFiles(dir: string): Promise<Array<{ name: string; size: number }>> {
    const names = (await readdir(dir, { recursive: true })).filter((n) => /\.(webp|png|jpg)$/.test(n));
    return Promise.all(names.map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })));
  }

  it("keeps at most its size bound on disk, the least recently used leaving first, also across restarts", async () => {
    const cacheDir = path.join(fx.dir, ".bounded-cache");
    const bound = 40_000;
    const small = await startContentServer({
      port: 0,
      contentDir: fx.dir,
      imageCacheDir: cacheDir,
      imageCacheMaxBytes: bound,
      watch: false,
    });
    const get = async (width: number) => {
      const res = await fetch(`${small.url}${HERO_PATH}/m/${width}x0/filters:format(png)`);
      await res.arrayBuffer();
      return res.headers.get("x-image-cache");
    };
    try {
      // each is a PNG of noise, some 10-30 KB: together far more than the bound
      for (const width of [100, 110, 120, 130, 140, 150]) expect(await get(width)).toBe("miss");
      const files = await cachedFiles(cacheDir);
      const total = files.reduce((sum, f) => sum + f.size, 0);
      expect(total).toBeLessThanOrEqual(bound);
      expect(files.length).toBeGreaterThan(0);
      expect(files.length).toBeLessThan(6);
      // the newest is kept, the oldest went
      expect(await get(150)).toBe("hit");
      expect(await get(100)).toBe("miss");
    } finally {
      await small.close();
    }
    // a restart with a smaller bound trims what the earlier run left, oldest first
    const smaller = await startContentServer({
      port: 0,
      contentDir: fx.dir,
      imageCacheDir: cacheDir,
      imageCacheMaxBytes: 15_000,
      watch: false,
    });
    try {
      const files = await cachedFiles(cacheDir);
      expect(files.reduce((sum, f) => sum + f.size, 0)).toBeLessThanOrEqual(15_000);
    } finally {
      await smaller.close();
    }
  });
});

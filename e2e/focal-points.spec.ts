import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { articlePath, publishedArticles } from "./content";
import { visit } from "./page-helpers";
import { createContentApi, expect, test, type StoryJson } from "./fixtures";

/**
 * The editor's focal point (the asset's `focus`) stays in view wherever the
 * site crops an image by CSS (`object-fit: cover`): each cropped image's
 * focal point, projected through its `object-fit` and `object-position`
 * into the element's box, lies inside that box, on every page of the demo
 * at 1280, 768 and 375 px. The focal points come from the content service;
 * in the phone layout (768 px and narrower) a hero slide's file for phones
 * is checked against the slide's `PhoneFocus` where it has one.
 * With `E2E_FOCAL_SHOTS=<folder>` it also keeps a screenshot of each page's
 * first cropped images, to look at.
 */

const api = createContentApi();
const SHOTS = process.env.E2E_FOCAL_SHOTS ?? "";
const WIDTHS = [
  { width: 1280, height: 720 },
  { width: 768, height: 1024 },
  { width: 375, height: 667 },
] as const;
/** an asset's path in any URL of it (the file, a rendition, a root-relative forward) */
const ASSET_PATH = /\/f\/\d+\/\d+x\d+\/[0-9a-f]+\/[^/\s?#]+?\.(?:webp|jpe?g|png)/i;

/** Each asset path with its focus, from every asset field of the stories. */
function focusByAsset(stories: readonly StoryJson[]): Map<string, string> {
  const focus = new Map<string, string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const node = value as Record<string, unknown>;
      const assetPath = typeof node.filename === "string" ? ASSET_PATH.exec(node.filename)?.[0] : undefined;
      if (node.fieldtype === "asset" && assetPath && typeof node.focus === "string" && node.focus) {
        focus.set(assetPath, node.focus);
      }
      Object.values(node).forEach(walk);
    }
  };
  stories.forEach((story) => walk(story.content));
  return focus;
}

/** The phone layout's width (PHONE_QUERY): a hero slide's phone file is cropped around its PhoneFocus up to it. */
const PHONE_MAX_WIDTH = 768;

/** Each hero slide's file for phones (its PhoneSize, else its Image) with the slide's PhoneFocus, where set. */
function phoneFocusByAsset(home: StoryJson): Map<string, string> {
  const focus = new Map<string, string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const node = value as Record<string, unknown>;
      if (node.component === "slide" && typeof node.PhoneFocus === "string" && node.PhoneFocus) {
        const file = [node.PhoneSize, node.Image]
          .map((field) => (field as { filename?: unknown } | null)?.filename)
          .find((filename): filename is string => typeof filename === "string" && filename !== "");
        const assetPath = file ? ASSET_PATH.exec(file)?.[0] : undefined;
        if (assetPath) focus.set(assetPath, node.PhoneFocus);
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(home.content);
  return focus;
}

interface CroppedImage {
  asset: string;
  box: { left: number; top: number; width: number; height: number };
  /** the computed object-position, e.g. "5% 95%" */
  position: string;
}

/** The page's images that `object-fit: cover` crops, laid out (not display: none), with the asset each shows. */
function croppedImages(page: Page): Promise<CroppedImage[]> {
  return page.evaluate((pattern) => {
    const assetPath = new RegExp(pattern, "i");
    return [...document.querySelectorAll("img")].flatMap((img) => {
      const style = getComputedStyle(img);
      const rect = img.getBoundingClientRect();
      if (style.objectFit !== "cover" || rect.width === 0 || rect.height === 0) return [];
      const urls = [img.currentSrc, img.src, img.getAttribute("srcset"), img.getAttribute("data-srcset")];
      const asset = urls.map((url) => (url ? assetPath.exec(url)?.[0] : undefined)).find(Boolean);
      if (!asset) return [];
      const box = { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
      return [{ asset, box, position: style.objectPosition }];
    });
  }, ASSET_PATH.source);
}

/** One axis of object-position ("5%", "12px") as the offset of the drawn image in the box. */
function offset(value: string, free: number): number {
  if (value.endsWith("%")) return (free * Number.parseFloat(value)) / 100;
  if (value.endsWith("px")) return Number.parseFloat(value);
  throw new Error(`object-position not in % or px: ${value}`);
}

/** Where the focal area's centre lands in the viewport, drawn as object-fit: cover draws it. */
function projectedFocus(image: CroppedImage, focus: string): { x: number; y: number } {
  const [, fileWidth, fileHeight] = /\/(\d+)x(\d+)\//.exec(image.asset)!.map(Number) as [number, number, number];
  const [x1, y1, x2, y2] = /^(\d+)x(\d+):(\d+)x(\d+)$/.exec(focus)!.slice(1).map(Number) as number[];
  const scale = Math.max(image.box.width / fileWidth, image.box.height / fileHeight);
  const [positionX = "50%", positionY = "50%"] = image.position.split(/\s+/);
  const left = offset(positionX, image.box.width - fileWidth * scale);
  const top = offset(positionY, image.box.height - fileHeight * scale);
  return {
    x: image.box.left + left + ((x1! + x2!) / 2) * scale,
    y: image.box.top + top + ((y1! + y2!) / 2) * scale,
  };
}

for (const viewport of WIDTHS) {
  test(`every image the site crops keeps its focal point inside the visible box at ${viewport.width} px`, async ({
    page,
  }) => {
    // every page of the demo, one after the other (and kept as shots, which wait for each image)
    test.setTimeout(SHOTS ? 600_000 : 240_000);
    const [home, about, articles] = await Promise.all([
      api.story("home"),
      api.story("about", "published"),
      publishedArticles(api),
    ]);
    const focus = focusByAsset([home, about, ...articles]);
    expect(focus.size).toBeGreaterThan(50);
    // the hero's files for phones are the home page's only: the phone points apply there, in the phone layout
    const phoneFocus = viewport.width <= PHONE_MAX_WIDTH ? phoneFocusByAsset(home) : new Map<string, string>();
    expect(phoneFocus.size >= 3, "the demo's hero slides have phone points").toBe(viewport.width <= PHONE_MAX_WIDTH);
    const paths = ["/", "/about", "/index", ...articles.map((article) => articlePath(article.full_slug))];

    await page.setViewportSize(viewport);
    const outside: string[] = [];
    let checked = 0;
    for (const pagePath of paths) {
      await visit(page, pagePath);
      const pointOf = (asset: string) => (pagePath === "/" ? phoneFocus.get(asset) : undefined) ?? focus.get(asset);
      const images = (await croppedImages(page)).filter((image) => pointOf(image.asset) !== undefined);
      for (const image of images) {
        const point = projectedFocus(image, pointOf(image.asset)!);
        const { left, top, width, height } = image.box;
        const inside = point.x >= left && point.x <= left + width && point.y >= top && point.y <= top + height;
        if (!inside) outside.push(`${pagePath}: ${image.asset} (${image.position})`);
      }
      checked += images.length;
      if (SHOTS) await keepShots(page, pagePath, viewport.width, images);
    }
    // the demo's tiles, heroes, headers and media: dozens of cropped images at each width
    expect(checked).toBeGreaterThan(30);
    expect(outside).toEqual([]);
  });
}

/** The page's first two cropped images, each loaded and in view, for looking at the crops (E2E_FOCAL_SHOTS). */
async function keepShots(page: Page, pagePath: string, width: number, images: readonly CroppedImage[]): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const name = pagePath.replace(/^\/$/, "/home").replace(/\//g, "_").replace(/^_/, "");
  for (const [index, image] of images.slice(0, 2).entries()) {
    const img = page
      .locator(`img[srcset*="${image.asset}/"]:visible, img[data-srcset*="${image.asset}/"]:visible`)
      .first();
    // the hero's phone file is a <source>: its img names the desktop file, and no shot is kept of it
    if ((await img.count()) === 0) continue;
    await img.scrollIntoViewIfNeeded();
    // a lazy image shows its placeholder (a data: URL) until the loader gives it its renditions; a picture kept
    // only to look at is skipped when it does not load (a carousel's slide out of reach)
    const loaded = await img
      .evaluate(
        (element: HTMLImageElement) =>
          new Promise<boolean>((resolve) => {
            const check = () => element.complete && /^http/.test(element.currentSrc);
            const started = performance.now();
            const poll = () =>
              check() || performance.now() - started > 3000 ? resolve(check()) : setTimeout(poll, 50);
            poll();
          }),
      )
      .catch(() => false);
    if (!loaded) continue;
    await img.screenshot({ path: path.join(SHOTS, `${name}-${width}-${index + 1}.png`) });
  }
}

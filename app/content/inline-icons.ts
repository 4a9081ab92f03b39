import svgToTinyDataUri from "mini-svg-data-uri";
import type { HeaderView, SiteImage } from "./layout";
import { contentConfig } from "./content-config";

/**
 * The header's logo and menu icons are small SVG assets seen on every page,
 * the logo often the first screen's largest paint. Written into the page as
 * data URIs they paint with its first frame instead of waiting for a request
 * to the asset host on a connection of its own. A larger file, another type,
 * or an asset that cannot be read stays a link (the page is the same then,
 * one request later).
 */

/** bytes of SVG markup a page carries inline at most, per icon */
export const INLINE_SVG_MAX_BYTES = 16 * 1024;

const SVG_TYPE = /^image\/svg\+xml\b/i;

/** An SVG asset's markup, or null with a warning when it cannot or should not be inlined. */
async function readSvg(src: string, { fetchAsset, assetOrigin }: AssetSource): Promise<string | null> {
  // a root-relative asset (`npm start`: the site forwards /f/) lives on the content service
  const url = URL.canParse(src, assetOrigin) ? new URL(src, assetOrigin) : null;
  if (!url || !/^https?:$/.test(url.protocol) || !/\.svg$/i.test(url.pathname)) return null;
  try {
    const response = await fetchAsset(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const type = response.headers.get("content-type") ?? "";
    if (!SVG_TYPE.test(type)) throw new Error(`type ${type || "(none)"}, not image/svg+xml`);
    const declared = Number(response.headers.get("content-length"));
    if (declared > INLINE_SVG_MAX_BYTES) {
      await response.body?.cancel();
      return null;
    }
    const markup = await response.text();
    return Buffer.byteLength(markup) > INLINE_SVG_MAX_BYTES ? null : markup;
  } catch (error) {
    console.warn(`Icon ${src} stays a link: it could not be read (${String(error)})`);
    return null;
  }
}

interface AssetSource {
  fetchAsset: typeof fetch;
  /** where root-relative asset paths are read from */
  assetOrigin: string | undefined;
}

async function inlineImage(image: SiteImage | null, source: AssetSource): Promise<SiteImage | null> {
  if (!image) return null;
  const markup = await readSvg(image.src, source);
  // toSrcset: spaces as %20, which a URL in src or href may not hold raw
  return markup === null ? image : { ...image, dataUri: svgToTinyDataUri.toSrcset(markup) };
}

/**
 * The header with its SVG logo and menu icons read as data URIs (server
 * side: the build and live updates), each with `fetchAsset` (the content
 * client's deadline: app/content/storyblok-client.ts, `fetchWithDeadline`).
 */
export async function inlineHeaderIcons(
  header: HeaderView,
  {
    fetchAsset,
    assetOrigin = URL.canParse(contentConfig.endpoint) ? new URL(contentConfig.endpoint).origin : undefined,
  }: Pick<AssetSource, "fetchAsset"> & Partial<AssetSource>,
): Promise<HeaderView> {
  const source = { fetchAsset, assetOrigin };
  const [logo, burgerIcon, closeIcon] = await Promise.all(
    [header.logo, header.burgerIcon, header.closeIcon].map((image) => inlineImage(image, source)),
  );
  return { ...header, logo: logo ?? null, burgerIcon: burgerIcon ?? null, closeIcon: closeIcon ?? null };
}

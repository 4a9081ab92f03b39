import { promises as fsp } from "node:fs";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { badRequest, HttpError } from "./errors";
import { MAX_SIDE, type ImageTransform, type OutputFormat } from "./image-params";

/**
 * libaom's effort for AVIF, measured at 960 px on three demo images: effort 0
 * came out larger than WebP at quality 80 on one of them; effort 1 saved
 * 12-45 % of WebP's bytes at 3-4x effort 0's time; efforts 2-4 saved at most
 * 2-17 % more for 2-13x effort 1's time. A render is cached, but the first
 * visitor waits for it.
 */
const AVIF_EFFORT = 1;

/** One render of Storyblok's image service on sharp: resizing, cropping and filters. */

/** sharp's input pixel limit: 50 megapixels. */
const LIMIT_INPUT_PIXELS = 50_000_000;

/**
 * Renders one transform. Reads the source into memory so libvips never
 * serves a stale file. Between its steps it stops, throwing the signal's
 * reason, once the signal aborted.
 */
export async function renderImage(
  file: string,
  t: ImageTransform,
  format: OutputFormat,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const input = await fsp.readFile(file);
  signal?.throwIfAborted();
  const options = { limitInputPixels: LIMIT_INPUT_PIXELS, animated: false } as const;
  const source = await sourceSize(input, options);
  signal?.throwIfAborted();
  const img = sharp(input, options)
    .autoOrient()
    // sharp's own timeout, in whole seconds
    .timeout({ seconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
  const filtered = withFilters(resized(img, t, source), t, format);
  try {
    return await encoded(filtered, t.filters, format, signal);
  } catch (err) {
    if (signal?.aborted && err === signal.reason) throw err;
    throw new HttpError(422, { error: `Cannot transform the image: ${(err as Error).message}` });
  }
}

interface Size {
  width: number;
  height: number;
}

/** The source's size as it is shown (EXIF orientation applied); 422 for an image sharp cannot read. */
async function sourceSize(input: Buffer, options: SharpOptions): Promise<Size> {
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    throw new HttpError(422, { error: `Cannot read the source image: ${(err as Error).message}` });
  }
  let width = meta.width ?? 0;
  let height = meta.height ?? 0;
  if ((meta.orientation ?? 1) >= 5) [width, height] = [height, width];
  if (!width || !height) throw new HttpError(422, { error: "Cannot read the source image size" });
  return { width, height };
}

/** The resize or crop of `t` (none: the source, within MAX_SIDE). */
function resized(img: Sharp, t: ImageTransform, source: Size): Sharp {
  const { width: w0, height: h0 } = source;
  const f = t.filters;
  const W = t.width;
  const H = t.height;
  if (W === 0 && H === 0) {
    return w0 > MAX_SIDE || h0 > MAX_SIDE ? img.resize(MAX_SIDE, MAX_SIDE, { fit: "inside" }) : img;
  }
  if (t.fitIn) {
    const contain = f.fill !== undefined && W > 0 && H > 0;
    return img.resize(W || null, H || null, contain ? { fit: "contain", background: f.fill } : { fit: "inside" });
  }
  if (W === 0 || H === 0) {
    const other = W === 0 ? Math.round((w0 * H) / h0) : Math.round((h0 * W) / w0);
    if (other > MAX_SIDE) {
      throw badRequest(
        `Invalid image transformation: the result would be ${W || other}x${H || other}, larger than ${MAX_SIDE}x${MAX_SIDE}`,
      );
    }
    return img.resize(W || null, H || null);
  }
  if (f.focal) {
    const scale = Math.max(W / w0, H / h0);
    const rw = Math.max(W, Math.round(w0 * scale));
    const rh = Math.max(H, Math.round(h0 * scale));
    const cx = ((Math.min(f.focal.x1, w0) + Math.min(f.focal.x2, w0)) / 2) * scale;
    const cy = ((Math.min(f.focal.y1, h0) + Math.min(f.focal.y2, h0)) / 2) * scale;
    const left = Math.min(Math.max(0, Math.round(cx - W / 2)), rw - W);
    const top = Math.min(Math.max(0, Math.round(cy - H / 2)), rh - H);
    return img.resize(rw, rh, { fit: "fill" }).extract({ left, top, width: W, height: H });
  }
  return img.resize(W, H, { fit: "cover", position: t.smart ? sharp.strategy.attention : "centre" });
}

/** Flips, grayscale, brightness, blur and the background (JPEG has no transparency). */
function withFilters(img: Sharp, t: ImageTransform, format: OutputFormat): Sharp {
  const f = t.filters;
  if (t.flipX) img = img.flop();
  if (t.flipY) img = img.flip();
  if (f.grayscale) img = img.grayscale();
  if (f.brightness) img = img.modulate({ brightness: Math.max(0.01, 1 + f.brightness / 100) });
  if (f.blur) img = img.blur(Math.max(0.3, f.blur / 2));
  if (f.fill && f.fill.alpha > 0 && !(t.fitIn && t.width > 0 && t.height > 0))
    img = img.flatten({ background: f.fill });
  else if (format === "jpeg") img = img.flatten({ background: f.fill && f.fill.alpha > 0 ? f.fill : "#ffffff" });
  return img;
}

/** The rotation (after the resize, as Storyblok does) and the encoding. */
async function encoded(
  img: Sharp,
  f: ImageTransform["filters"],
  format: OutputFormat,
  signal?: AbortSignal,
): Promise<Buffer> {
  if (f.rotate) {
    // Storyblok rotates the resized result; sharp would rotate first, so render in two steps
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    signal?.throwIfAborted();
    img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).rotate(f.rotate);
  }
  if (format === "avif") img = img.avif({ quality: f.quality ?? 50, effort: AVIF_EFFORT });
  else if (format === "webp") img = img.webp({ quality: f.quality ?? 80 });
  else if (format === "jpeg") img = img.jpeg({ quality: f.quality ?? 80 });
  else img = img.png();
  return img.toBuffer();
}

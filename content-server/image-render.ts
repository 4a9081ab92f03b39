import { promises as fsp } from "node:fs";
import sharp, { type Metadata } from "sharp";
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

export interface RenderLimits {
  /** sharp's input pixel limit. */
  limitInputPixels: number;
  /** sharp's own timeout of a render, in ms (rounded up to whole seconds). */
  timeoutMs: number;
}

/**
 * Renders one transform. Reads the source into memory so libvips never
 * serves a stale file. Between its steps it stops, throwing the signal's
 * reason, once the signal aborted.
 */
export async function renderImage(
  file: string,
  t: ImageTransform,
  format: OutputFormat,
  limits: RenderLimits,
  signal?: AbortSignal,
): Promise<Buffer> {
  const input = await fsp.readFile(file);
  signal?.throwIfAborted();
  const options = { limitInputPixels: limits.limitInputPixels, animated: false } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    throw new HttpError(422, { error: `Cannot read the source image: ${(err as Error).message}` });
  }
  signal?.throwIfAborted();
  let w0 = meta.width ?? 0;
  let h0 = meta.height ?? 0;
  if ((meta.orientation ?? 1) >= 5) [w0, h0] = [h0, w0];
  if (!w0 || !h0) throw new HttpError(422, { error: "Cannot read the source image size" });

  const f = t.filters;
  let img = sharp(input, options)
    .autoOrient()
    .timeout({ seconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)) });
  const W = t.width;
  const H = t.height;
  if (W === 0 && H === 0) {
    if (w0 > MAX_SIDE || h0 > MAX_SIDE) img = img.resize(MAX_SIDE, MAX_SIDE, { fit: "inside" });
  } else if (t.fitIn) {
    const contain = f.fill !== undefined && W > 0 && H > 0;
    img = img.resize(W || null, H || null, contain ? { fit: "contain", background: f.fill } : { fit: "inside" });
  } else if (W === 0 || H === 0) {
    const other = W === 0 ? Math.round((w0 * H) / h0) : Math.round((h0 * W) / w0);
    if (other > MAX_SIDE) {
      throw badRequest(
        `Invalid image transformation: the result would be ${W || other}x${H || other}, larger than ${MAX_SIDE}x${MAX_SIDE}`,
      );
    }
    img = img.resize(W || null, H || null);
  } else if (f.focal) {
    const scale = Math.max(W / w0, H / h0);
    const rw = Math.max(W, Math.round(w0 * scale));
    const rh = Math.max(H, Math.round(h0 * scale));
    const cx = ((Math.min(f.focal.x1, w0) + Math.min(f.focal.x2, w0)) / 2) * scale;
    const cy = ((Math.min(f.focal.y1, h0) + Math.min(f.focal.y2, h0)) / 2) * scale;
    const left = Math.min(Math.max(0, Math.round(cx - W / 2)), rw - W);
    const top = Math.min(Math.max(0, Math.round(cy - H / 2)), rh - H);
    img = img.resize(rw, rh, { fit: "fill" }).extract({ left, top, width: W, height: H });
  } else {
    img = img.resize(W, H, { fit: "cover", position: t.smart ? sharp.strategy.attention : "centre" });
  }
  if (t.flipX) img = img.flop();
  if (t.flipY) img = img.flip();
  if (f.grayscale) img = img.grayscale();
  if (f.brightness) img = img.modulate({ brightness: Math.max(0.01, 1 + f.brightness / 100) });
  if (f.blur) img = img.blur(Math.max(0.3, f.blur / 2));
  if (f.fill && f.fill.alpha > 0 && !(t.fitIn && W > 0 && H > 0)) img = img.flatten({ background: f.fill });
  else if (format === "jpeg") img = img.flatten({ background: f.fill && f.fill.alpha > 0 ? f.fill : "#ffffff" });

  try {
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
    return await img.toBuffer();
  } catch (err) {
    if (signal?.aborted && err === signal.reason) throw err;
    throw new HttpError(422, { error: `Cannot transform the image: ${(err as Error).message}` });
  }
}

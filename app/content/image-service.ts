/**
 * URLs of Storyblok's image service (STORYBLOK-API.md, "Image service"),
 * limited to the filters SPEC section 5 allows.
 */

import type { FocalArea } from "./focal-point";

export type ImageFormat = "avif" | "webp" | "png" | "jpeg";

const FORMATS: readonly ImageFormat[] = ["avif", "webp", "png", "jpeg"];

export interface ImageFilters {
  quality?: number;
  /** the editor's focal point (focal-point.ts): a crop to another shape keeps it in view */
  focal?: FocalArea | null;
  blur?: number;
  brightness?: number;
  rotate?: 90 | 180 | 270;
  format?: ImageFormat;
}

export interface ImageRequest {
  width?: number;
  height?: number;
  /** fit-in keeps the whole image inside the box instead of cropping */
  fitIn?: boolean;
  smart?: boolean;
  filters?: ImageFilters;
}

const MAX_SIDE = 4000;

export class ImageFilterError extends RangeError {}

function checkRange(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ImageFilterError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/** Pixel size encoded in a Storyblok asset URL: /f/{space}/{W}x{H}/{hash}/{file}. */
export function assetDimensions(filename: string): { width: number; height: number } | null {
  const match = /\/f\/\d+\/(\d+)x(\d+)\//.exec(filename);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** An asset's pixel size as the views carry it: each null where its URL names none. */
export function assetSize(filename: string): { width: number | null; height: number | null } {
  const size = assetDimensions(filename);
  return { width: size?.width ?? null, height: size?.height ?? null };
}

/** True for assets the image service can transform (not SVG, GIF or video). */
export function isTransformable(filename: string): boolean {
  return /\/f\/\d+\//.test(filename) && /\.(jpe?g|png|webp|bmp)$/i.test(filename.split(/[?#]/)[0] ?? "");
}

export function imageServiceUrl(filename: string, request: ImageRequest = {}): string {
  const { width = 0, height = 0, fitIn = false, smart = false, filters = {} } = request;
  checkRange("width", width, 0, MAX_SIDE);
  checkRange("height", height, 0, MAX_SIDE);
  checkRange("quality", filters.quality, 0, 100);
  checkRange("blur", filters.blur, 0, 100);
  checkRange("brightness", filters.brightness, -100, 100);
  if (filters.rotate !== undefined && ![90, 180, 270].includes(filters.rotate)) {
    throw new ImageFilterError(`rotate must be 90, 180 or 270, got ${String(filters.rotate)}`);
  }
  if (filters.format !== undefined && !FORMATS.includes(filters.format)) {
    throw new ImageFilterError(`format must be avif, webp, png or jpeg, got ${String(filters.format)}`);
  }
  if (!isTransformable(filename)) return filename;

  const parts = [`${filename}/m/`];
  if (fitIn) parts.push("fit-in/");
  if (width || height) parts.push(`${width}x${height}`);
  if (smart) parts.push("/smart");
  const filterParts: string[] = [];
  if (filters.quality !== undefined) filterParts.push(`quality(${filters.quality})`);
  // only where the service cuts: a rendition of the file's own shape has nothing to keep in view
  if (filters.focal && width && height && !fitIn) {
    const { x1, y1, x2, y2 } = filters.focal;
    filterParts.push(`focal(${x1}x${y1}:${x2}x${y2})`);
  }
  if (filters.blur !== undefined) filterParts.push(`blur(${filters.blur})`);
  if (filters.brightness !== undefined) filterParts.push(`brightness(${filters.brightness})`);
  if (filters.rotate !== undefined) filterParts.push(`rotate(${filters.rotate})`);
  if (filters.format !== undefined) filterParts.push(`format(${filters.format})`);
  if (filterParts.length > 0) {
    if (!parts[parts.length - 1]!.endsWith("/")) parts.push("/");
    parts.push(`filters:${filterParts.join(":")}`);
  }
  return parts.join("");
}

/** A srcset of renditions in one format (webp unless told) at the given widths, never wider than the source. */
export function imageSrcSet(
  filename: string,
  widths: readonly number[],
  quality = 70,
  format: ImageFormat = "webp",
): string | undefined {
  if (!isTransformable(filename)) return undefined;
  const source = assetDimensions(filename);
  const usable = widths.filter((w) => !source || w <= source.width);
  if (source && !usable.includes(source.width) && usable.length < widths.length) usable.push(source.width);
  return usable.map((w) => `${imageServiceUrl(filename, { width: w, filters: { quality, format } })} ${w}w`).join(", ");
}

/** One `<source>` of a `<picture>`: renditions of a file in one format. */
export interface PictureSource {
  /** the MIME type of its format, for the browser to skip the sources it cannot decode */
  type: "image/avif" | "image/webp";
  srcSet: string;
}

/**
 * The `<source>`s of a transformable file ahead of its `<img>`: avif, at its
 * own quality (its scale differs from webp's). The `<img>` itself holds the
 * webp renditions, which every browser the site supports decodes, so a webp
 * `<source>` would repeat them. None for a file the service cannot transform.
 */
export function pictureSources(filename: string, widths: readonly number[], avifQuality: number): PictureSource[] {
  const avif = imageSrcSet(filename, widths, avifQuality, "avif");
  return avif === undefined ? [] : [{ type: "image/avif", srcSet: avif }];
}

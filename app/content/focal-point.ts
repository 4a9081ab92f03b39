import { assetDimensions } from "./image-service";

/**
 * An editor's focal point (STORYBLOK-API.md, asset field `focus`): the
 * rectangle "x1xy1:x2xy2" in the file's pixels, top-left corner first, that
 * every crop keeps in view.
 */
export interface FocalArea {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const FOCUS = /^(\d{1,5})x(\d{1,5}):(\d{1,5})x(\d{1,5})$/;

/**
 * The form of a focal point as an editor types it into a text field of the
 * content model (Storyblok checks a field's `regex` when the story is
 * saved): empty, or the asset manager's "x1xy1:x2xy2".
 */
export const FOCUS_FIELD_PATTERN = "^$|^\\d{1,5}x\\d{1,5}:\\d{1,5}x\\d{1,5}$";

/**
 * The focal area of an asset's `focus`, or null: none set, not of Storyblok's
 * form, corners swapped, or outside a file whose size its URL names.
 */
export function parseFocus(focus: string, filename: string): FocalArea | null {
  const match = FOCUS.exec(focus.trim());
  if (!match) return null;
  const [x1, y1, x2, y2] = match.slice(1).map(Number) as [number, number, number, number];
  if (x2 < x1 || y2 < y1) return null;
  const size = assetDimensions(filename);
  if (size && (x2 > size.width || y2 > size.height)) return null;
  return { x1, y1, x2, y2 };
}

const percent = (value: number): string => `${Math.round(value * 10000) / 100}%`;

/**
 * The `object-position` that keeps the focal area's centre in view wherever
 * `object-fit: cover` crops the image: at position p% the image's point at p%
 * lies at p% of the box, so p = the centre's share of the image puts that
 * centre inside the box at any box size. Undefined without a focal area or a
 * size in the file's URL (the crop stays centred).
 */
export function focalObjectPosition(filename: string, focus: string): string | undefined {
  const area = parseFocus(focus, filename);
  const size = assetDimensions(filename);
  if (!area || !size) return undefined;
  return `${percent((area.x1 + area.x2) / 2 / size.width)} ${percent((area.y1 + area.y2) / 2 / size.height)}`;
}

/**
 * The focal point a crop for phones keeps: the editor's phone point (a text
 * field beside the image, "x1xy1:x2xy2" in the file's pixels) where it is a
 * focal area of the file, else the asset's own focus (Storyblok keeps one per
 * asset).
 */
export function phoneFocus(filename: string, assetFocus: string, phonePoint: string): string {
  return parseFocus(phonePoint, filename) ? phonePoint.trim() : assetFocus;
}

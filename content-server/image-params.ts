import { badRequest } from "./errors";

/**
 * The grammar of Storyblok's image service, the part after `{asset}/m`:
 *   /                              optimise only
 *   /{W}x{H}                       resize (0 keeps the ratio, a minus flips)
 *   /fit-in/{W}x{H}                fit inside the box
 *   /{W}x{H}/smart                 crop around the interesting part
 *   /filters:a(..):b(..)           filters, alone or after any of the above
 */

export const MAX_SIDE = 4000;

export type OutputFormat = "avif" | "webp" | "png" | "jpeg";

export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

export interface ImageFilters {
  quality?: number;
  blur?: number;
  brightness?: number;
  rotate?: 0 | 90 | 180 | 270;
  format?: OutputFormat;
  fill?: Rgba;
  focal?: { x1: number; y1: number; x2: number; y2: number };
  grayscale?: boolean;
}

export interface ImageTransform {
  fitIn: boolean;
  smart: boolean;
  width: number;
  height: number;
  flipX: boolean;
  flipY: boolean;
  filters: ImageFilters;
}

function invalid(message: string): never {
  throw badRequest(`Invalid image transformation: ${message}`);
}

function intArg(name: string, raw: string, min: number, max: number): number {
  if (!/^-?\d{1,6}$/.test(raw)) invalid(`${name}() needs an integer, got "${raw.slice(0, 30)}"`);
  const n = Number(raw);
  if (n < min || n > max) invalid(`${name}() must be between ${min} and ${max}, got ${n}`);
  return n;
}

function parseColor(raw: string): Rgba {
  if (raw === "transparent") return { r: 0, g: 0, b: 0, alpha: 0 };
  const hex = raw.replace(/^#/, "");
  if (!/^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(hex)) {
    invalid(`fill() needs a hex colour (e.g. FFFFFF) or "transparent", got "${raw.slice(0, 30)}"`);
  }
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const byte = (i: number) => Number.parseInt(full.slice(i, i + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), alpha: full.length === 8 ? byte(6) / 255 : 1 };
}

export function parseFilters(text: string): ImageFilters {
  const filters: ImageFilters = {};
  if (text === "") invalid('no filter after "filters:"');
  const seen = new Set<string>();
  const re = /([a-z_]+)\(([^()]*)\)/y;
  let pos = 0;
  while (pos < text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) invalid(`cannot read the filters at "${text.slice(pos, pos + 30)}"; use filters:name(value):name(value)`);
    const name = m[1] as string;
    if (seen.has(name)) invalid(`filter ${name}() is given twice`);
    seen.add(name);
    applyFilter(filters, name, (m[2] as string).trim());
    pos = re.lastIndex;
    if (pos < text.length) {
      if (text[pos] !== ":") invalid(`filters must be separated by ":" (at "${text.slice(pos, pos + 30)}")`);
      pos++;
      if (pos === text.length) invalid("trailing ':' after the last filter");
    }
  }
  return filters;
}

/** Sets the filter `name(arg)` on `filters`; refuses a filter it does not know or a value it does not take. */
function applyFilter(filters: ImageFilters, name: string, arg: string): void {
  switch (name) {
    case "quality":
      // quality(0) is refused like quality(101): no encoder makes anything useful of it
      filters.quality = intArg(name, arg, 1, 100);
      break;
    case "blur":
      filters.blur = intArg(name, arg, 0, 100);
      break;
    case "brightness":
      filters.brightness = intArg(name, arg, -100, 100);
      break;
    case "rotate": {
      const n = intArg(name, arg, 0, 270);
      if (n !== 0 && n !== 90 && n !== 180 && n !== 270) invalid("rotate() accepts 0, 90, 180 or 270");
      filters.rotate = n;
      break;
    }
    case "format":
      filters.format = parseFormat(arg);
      break;
    case "fill":
      filters.fill = parseColor(arg);
      break;
    case "focal":
      filters.focal = parseFocal(arg);
      break;
    case "grayscale":
      if (arg !== "") invalid("grayscale() takes no value");
      filters.grayscale = true;
      break;
    default:
      invalid(`unknown filter "${name}"; known: quality, blur, brightness, rotate, format, fill, focal, grayscale`);
  }
}

function parseFormat(arg: string): OutputFormat {
  const f = arg.toLowerCase();
  if (f === "avif" || f === "webp" || f === "png" || f === "jpeg") return f;
  if (f === "jpg") return "jpeg";
  invalid(`format() accepts avif, webp, png or jpeg, got "${arg.slice(0, 20)}"`);
}

function parseFocal(arg: string): NonNullable<ImageFilters["focal"]> {
  const fm = /^(\d{1,6})x(\d{1,6}):(\d{1,6})x(\d{1,6})$/.exec(arg);
  if (!fm) invalid(`focal() needs x1xy1:x2xy2, e.g. focal(100x200:300x400), got "${arg.slice(0, 40)}"`);
  const [x1, y1, x2, y2] = fm.slice(1).map(Number) as [number, number, number, number];
  if (x2 < x1 || y2 < y1) invalid("focal() needs the top-left corner first");
  return { x1, y1, x2, y2 };
}

/** Parses the part after `/m` (e.g. "", "/", "/1200x0", "/fit-in/300x300/filters:fill(transparent)"). */
export function parseTransform(rest: string): ImageTransform {
  if (rest.length > 1000) invalid("too long");
  const t: ImageTransform = {
    fitIn: false,
    smart: false,
    width: 0,
    height: 0,
    flipX: false,
    flipY: false,
    filters: {},
  };
  if (rest !== "" && !rest.startsWith("/")) invalid("expected /m/ followed by options");
  const parts = rest === "" ? [] : rest.slice(1).split("/");
  if (parts.length > 0 && parts[parts.length - 1] === "") parts.pop(); // trailing slash
  if (parts.includes("")) invalid("empty path segment");
  let i = 0;
  if (parts[i] === "fit-in") {
    t.fitIn = true;
    i++;
    if (parts[i] === undefined || !/^-?\d+x-?\d+$/.test(parts[i] as string))
      invalid("fit-in needs a size, e.g. /m/fit-in/400x300");
  }
  const dims = parts[i] !== undefined ? /^(-?)(\d{1,6})x(-?)(\d{1,6})$/.exec(parts[i] as string) : null;
  if (dims) {
    t.flipX = dims[1] === "-";
    t.width = Number(dims[2]);
    t.flipY = dims[3] === "-";
    t.height = Number(dims[4]);
    if (t.width > MAX_SIDE || t.height > MAX_SIDE) {
      invalid(`the size ${t.width}x${t.height} is larger than the maximum ${MAX_SIDE}x${MAX_SIDE}`);
    }
    if (t.fitIn && t.width + t.height === 0) invalid("fit-in needs a non-zero size");
    i++;
    if (parts[i] === "smart") {
      if (t.fitIn) invalid("smart cannot be combined with fit-in");
      t.smart = true;
      i++;
    }
  }
  if (parts[i] !== undefined && (parts[i] as string).startsWith("filters:")) {
    t.filters = parseFilters((parts[i] as string).slice("filters:".length));
    i++;
  }
  if (i < parts.length) invalid(`unexpected "${(parts[i] as string).slice(0, 40)}"`);
  return t;
}

/** The filters in the order of a transform's key, each null when not given (grayscale false). */
const KEY_FILTERS = ["quality", "blur", "brightness", "rotate", "format", "fill", "focal"] as const;

/** Canonical text of a transform, for cache keys: the same whatever the order its filters were given in. */
export function transformKey(t: ImageTransform): string {
  const f = t.filters;
  const filters = KEY_FILTERS.map((name) => f[name] ?? null);
  return JSON.stringify([t.fitIn, t.smart, t.width, t.height, t.flipX, t.flipY, ...filters, f.grayscale ?? false]);
}

/**
 * Finding the space's assets in story JSON and mapping their URLs to the
 * content folder (`assets/{W}x{H}/{hash}/{file}`, the part after
 * `/f/{space id}/`).
 */

/** What the content service rewrites to its own origin, and what an export stores. */
export const CANONICAL_ASSET_BASE = "https://a.storyblok.com/f/";

/** Storyblok's asset domains by region (EU, US, AP, CA, China). */
export const STORYBLOK_ASSET_ORIGINS = [
  "https://a.storyblok.com",
  "https://a2.storyblok.com",
  "https://a-us.storyblok.com",
  "https://a2-us.storyblok.com",
  "https://a-ap.storyblok.com",
  "https://a2-ap.storyblok.com",
  "https://a-ca.storyblok.com",
  "https://a.storyblokchina.cn",
] as const;

export interface AssetRef {
  /** Path below `assets/`, decoded: `{W}x{H}/{hash}/{file}`. */
  rel: string;
  /** Where to download it. */
  url: string;
}

export interface AssetScan {
  /** By `rel`, sorted. */
  assets: Map<string, AssetRef>;
  /** URLs of the space that do not have the `{W}x{H}/{hash}/{file}` form (not exported). */
  unrecognised: string[];
}

const DIMS = /^\d{1,5}x\d{1,5}$/;
const HASH = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Where a root-relative `/f/...` may start: at the start of a text or after
 * whitespace, a quote, a bracket, an attribute's `=` or a list separator,
 * never inside another URL (`https://host/f/...`, `x/f/...`).
 */
const ROOT_RELATIVE_START = `(?<![^\\s"'(<>=\\[{,;|])`;

/** Root-relative `/f/{space id}/` in a text, the prefix a content service started with `publicOrigin: ""` writes. */
const ROOT_RELATIVE_ASSET_BASE = new RegExp(`${ROOT_RELATIVE_START}/f/(?=\\d+/)`, "g");

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/** Maps the path after `/f/{space}/` to a file below assets/, or null when it is not an asset path the content service serves. */
export function assetRelPath(rest: string): { rel: string; raw: string } | null {
  const segments = rest.split("/");
  if (segments.length < 3) return null;
  if (segments.length > 3 && segments[3] !== "m") return null; // `/m/...`: an image-service variant of the file
  const [dims, hash, rawFile] = segments as [string, string, string];
  if (!DIMS.test(dims) || !HASH.test(hash) || rawFile === "") return null;
  let file: string;
  try {
    file = decodeURIComponent(rawFile);
  } catch {
    return null;
  }
  if (file.startsWith(".") || file.length > 255 || /[/\\\0]/.test(file)) return null;
  return { rel: `${dims}/${hash}/${file}`, raw: `${dims}/${hash}/${rawFile}` };
}

export interface AssetCollectorOptions {
  /** Only assets of this space are collected. */
  spaceId: number;
  /** Origins whose `/f/{spaceId}/` URLs are assets (Storyblok's, plus the API's own). */
  origins: readonly string[];
  /** Origin that root-relative `/f/{spaceId}/` URLs are downloaded from: the API's. */
  rootRelativeOrigin: string;
}

export class AssetCollector {
  private readonly spaceId: number;
  private readonly rootRelativeOrigin: string;
  private readonly whole: RegExp;
  private readonly inText: RegExp;
  private readonly found = new Map<string, AssetRef>();
  private readonly unrecognised = new Set<string>();

  constructor(options: AssetCollectorOptions) {
    this.spaceId = options.spaceId;
    this.rootRelativeOrigin = trimOrigin(options.rootRelativeOrigin);
    const alternatives = options.origins.map((o) => escapeRegExp(trimOrigin(o))).join("|");
    // group 1 is the origin; undefined for a root-relative URL
    const space = `/f/${options.spaceId}/`;
    this.whole = new RegExp(`^(?:(${alternatives}))?${space}([^\\s?#]+)(?:[?#]\\S*)?$`);
    this.inText = new RegExp(
      `(?:(${alternatives})|${ROOT_RELATIVE_START})${space}([^\\s"'<>()\\[\\]{}?#,;|\\\\]+)`,
      "g",
    );
  }

  /** Walks every string of `value` (any JSON). */
  add(value: unknown): void {
    if (typeof value === "string") this.scanString(value);
    else if (Array.isArray(value)) for (const item of value) this.add(item);
    else if (value !== null && typeof value === "object") for (const item of Object.values(value)) this.add(item);
  }

  private scanString(text: string): void {
    if (!text.includes(`/f/${this.spaceId}/`)) return;
    const trimmed = text.trim();
    const m = this.whole.exec(trimmed);
    if (m) {
      this.record(m[1], m[2] as string, trimmed);
      return;
    }
    for (const hit of text.matchAll(this.inText)) {
      const rest = (hit[2] as string).replace(/[.:!]+$/, ""); // sentence punctuation after a URL in prose
      this.record(hit[1], rest, hit[0]);
    }
  }

  private record(origin: string | undefined, rest: string, original: string): void {
    const mapped = assetRelPath(rest);
    if (!mapped) {
      this.unrecognised.add(original);
      return;
    }
    if (!this.found.has(mapped.rel)) {
      const url = `${origin ?? this.rootRelativeOrigin}/f/${this.spaceId}/${mapped.raw}`;
      this.found.set(mapped.rel, { rel: mapped.rel, url });
    }
  }

  result(): AssetScan {
    const assets = new Map([...this.found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    return { assets, unrecognised: [...this.unrecognised].sort() };
  }
}

/**
 * Stores asset URLs the way the content folder holds them, in a JSON text:
 * `{origin}/f/` of each origin, and every root-relative `/f/{space id}/`,
 * become `https://a.storyblok.com/f/`, which the content service turns back
 * into its own asset URLs when it answers.
 */
export function canonicalizeAssetUrls(json: string, origins: readonly string[]): string {
  let out = json;
  for (const origin of origins) {
    const from = `${trimOrigin(origin)}/f/`;
    if (from !== CANONICAL_ASSET_BASE && out.includes(from)) out = out.replaceAll(from, CANONICAL_ASSET_BASE);
  }
  return out.includes("/f/") ? out.replace(ROOT_RELATIVE_ASSET_BASE, CANONICAL_ASSET_BASE) : out;
}

/**
 * The scheme a browser could act on in a URL attribute, for the checks on
 * rendered content (./dom-invariants, ./view-model-checks): judged as a
 * hostile URL would have it, after every decoding a browser may apply.
 */

export const LINK_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
export const MEDIA_SCHEMES = new Set(["http", "https"]);

// module-level: one element decodes every value, made on first use (only a DOM environment has one)
let decoder: HTMLTextAreaElement | undefined;

/** HTML character references decoded (the DOM's own table), repeatedly: `&amp;#106;` is `j`. */
function decodeEntities(value: string): string {
  decoder ??= document.createElement("textarea");
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    if (!current.includes("&")) break;
    decoder.innerHTML = current.replace(/</g, "&lt;");
    if (decoder.value === current) break;
    current = decoder.value;
  }
  return current;
}

function percentDecode(value: string): string {
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

// eslint-disable-next-line no-control-regex -- control characters are what browsers skip in a scheme
const SKIPPED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * The scheme a browser could see in a URL attribute, judged pessimistically:
 * after decoding entities and percent escapes and dropping whitespace and
 * control characters. null for a relative URL.
 */
export function effectiveScheme(raw: string): string | null {
  const judged = percentDecode(decodeEntities(raw)).replace(SKIPPED_IN_SCHEME, "").toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(judged);
  return match ? match[1]! : null;
}

/** Whether a browser could act on `raw` with a scheme outside `allowed` (a relative URL has none). */
export function hasSchemeOutside(raw: string, allowed: ReadonlySet<string>): boolean {
  const scheme = effectiveScheme(raw);
  return scheme !== null && !allowed.has(scheme);
}

/**
 * Links and image sources written by editors are untrusted: only http(s),
 * mailto, tel, site paths and #anchors pass, judged the way a browser reads
 * them (entities decoded, control characters inside a scheme skipped).
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  amp: "&",
  lpar: "(",
  rpar: ")",
  nbsp: " ",
  period: ".",
  quot: '"',
  apos: "'",
};

/** Decodes character references, so that `&#106;avascript:` is judged as `javascript:`. */
function decodeEntities(value: string): string {
  let previous = "";
  let current = value;
  // repeated: `&amp;#106;` decodes in two steps
  for (let round = 0; round < 3 && current !== previous; round += 1) {
    previous = current;
    current = current.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, body: string) => {
      if (body[0] === "#") {
        const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      return NAMED_ENTITIES[body.toLowerCase()] ?? match;
    });
  }
  return current;
}

/** Control characters, spaces and invisible format characters: browsers skip them inside a scheme. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/**
 * The href when it is safe: http(s), mailto, tel, a site path or a #anchor;
 * otherwise "". Browsers ignore whitespace and control characters inside a
 * scheme and decode entities in HTML, so the scheme is judged after both.
 */
export function safeHref(raw: string): string {
  const href = raw.trim();
  if (href === "") return "";
  const judged = decodeEntities(href).replace(IGNORED_IN_SCHEME, "");
  if (judged === "") return "";
  // network-path references (//host, /\host, \host) leave the site without a scheme check
  if (/^[/\\]{2}/.test(judged) || judged.startsWith("\\") || /^\/\\/.test(judged)) return "";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(judged);
  if (scheme) return ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase()) && !/[<>"`]/.test(href) ? href : "";
  // no scheme: a relative reference; a colon before the first slash would make it look like one
  if (/^[^/?#]*:/.test(judged)) return "";
  return /[<>"`]/.test(href) ? "" : href;
}

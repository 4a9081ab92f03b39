/** The URLs of a `srcset` value, in order (a candidate ends at a comma after white space: a data: URL has commas of its own). */
export function srcsetUrls(srcset: string | null): string[] {
  return (srcset ?? "")
    .split(/\s+,|,\s+/)
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter((url) => url !== "");
}

/**
 * The URLs of an element's `srcset` that the browser could fetch: none for a
 * lazy image or source before the page's loader sets its real srcset (it
 * holds at most the placeholder, a `data:` URL).
 */
export function fetchableSrcset(element: Element): string[] {
  return srcsetUrls(element.getAttribute("srcset")).filter((url) => !url.startsWith("data:"));
}

import { parseHtml, type HtmlPage } from "./html";

/**
 * A page as text or as already parsed: the steps that ask several questions of one page (its scripts, its
 * styles, its blocked code, its media, its links) take either, and the second pass hands them its one parse.
 * A module of its own so that a test that counts `parseHtml`'s calls sees these too.
 */
export type HtmlSource = string | HtmlPage;

/** The page parsed (once: an `HtmlPage` is taken as it is). */
export function pageOf(html: HtmlSource): HtmlPage {
  return typeof html === "string" ? parseHtml(html) : html;
}

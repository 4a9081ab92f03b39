/**
 * Storyblok's visual editor (SPEC section 7): the bridge is loaded only when
 * the page URL holds `_storyblok_tk`. The SDK and its bundled bridge are
 * imported lazily, so a normal visit never requests their code.
 */

import { contentConfig, type ContentConfig } from "./content-config";

export const VISUAL_EDITOR_PARAM = "_storyblok_tk";

/**
 * True when the query string comes from the visual editor (`_storyblok_tk[...]`
 * or `_storyblok_tk`) and the build is a preview. A production build ignores
 * the editor's parameters: it has no drafts to show (the site forwards none),
 * and a link carrying them must show the page as published.
 */
export function isVisualEditorSearch(
  search: string,
  version: ContentConfig["version"] = contentConfig.version,
): boolean {
  if (version !== "draft") return false;
  const keys = [...new URLSearchParams(search).keys()];
  return keys.some((key) => key === VISUAL_EDITOR_PARAM || key.startsWith(`${VISUAL_EDITOR_PARAM}[`));
}

/**
 * Relations the editor sends resolved, the stories themselves in place of
 * their uuids: the index's list of articles (parseIndexStory), so that its
 * rows follow the list being edited. A story without the field is sent as it is.
 */
const RESOLVED_RELATIONS = ["article_list.Articles"];

/**
 * Loads the bridge and hands it the story the editor has open: each `input`
 * event calls `onInput` with the edited story; `change` and `published`
 * reload the page (the SDK does both). The SDK listens to the story of the
 * URL's `_storyblok` only, the one the editor sends events about.
 */
export async function connectEditorBridge(search: string, onInput: (storyId: number, story: unknown) => void) {
  try {
    const { loadStoryblokBridge, registerStoryblokBridge } = await import("@storyblok/react");
    await loadStoryblokBridge();
    // the story the editor has open; none when the URL names none
    const storyId = Number(new URLSearchParams(search).get("_storyblok"));
    if (storyId > 0) {
      registerStoryblokBridge(storyId, (story) => onInput(storyId, story), { resolveRelations: RESOLVED_RELATIONS });
    }
  } catch (error) {
    console.error("Visual editor bridge could not be loaded:", error);
  }
}

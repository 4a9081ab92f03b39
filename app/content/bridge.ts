import { useEffect, useState } from "react";
import type { ISbStoryData } from "@storyblok/react";

/**
 * Storyblok's visual editor (SPEC section 7): the bridge is loaded only when
 * the page URL holds `_storyblok_tk`. The SDK and its bundled bridge are
 * imported lazily, so a normal visit never requests their code.
 */

export const VISUAL_EDITOR_PARAM = "_storyblok_tk";

/** True when the query string comes from the visual editor (`_storyblok_tk[...]` or `_storyblok_tk`). */
export function isVisualEditorSearch(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) {
    if (key === VISUAL_EDITOR_PARAM || key.startsWith(`${VISUAL_EDITOR_PARAM}[`)) return true;
  }
  return false;
}

/** Set once a page of this visit was opened by the editor: navigating in its preview drops the query, not the editor. */
let openedByEditor = false;

export function isVisualEditor(): boolean {
  if (typeof window === "undefined") return false;
  openedByEditor ||= isVisualEditorSearch(window.location.search);
  return openedByEditor;
}

type StoryListener = (story: ISbStoryData) => void;

/** One bridge registration per story id; the components showing it subscribe here. */
const listeners = new Map<number, Set<StoryListener>>();
const registered = new Set<number>();

/** What the bridge is told about the story (StoryblokBridge's options). */
export interface LiveStoryOptions {
  /** relations (`component.field`) the editor sends as the stories they name, in place of their uuids */
  resolveRelations?: string[];
}

async function registerStory(storyId: number, options: LiveStoryOptions): Promise<void> {
  if (registered.has(storyId)) return;
  registered.add(storyId);
  try {
    const { loadStoryblokBridge, registerStoryblokBridge } = await import("@storyblok/react");
    await loadStoryblokBridge();
    // `input` calls back with the edited story; `change` and `published` reload the page (the SDK does that).
    // The SDK registers only the story the editor has open (the URL's `_storyblok`): the editor sends no other's events.
    registerStoryblokBridge(
      storyId,
      (story) => {
        for (const listener of listeners.get(storyId) ?? []) listener(story);
      },
      options,
    );
  } catch (error) {
    registered.delete(storyId);
    console.error("Visual editor bridge could not be loaded:", error);
  }
}

/**
 * The view of a story that the visual editor can edit live. Outside the
 * editor it returns `initial` and does nothing else. In the editor, each
 * `input` event for `storyId` replaces the view with `fromStory(editedStory)`
 * (sync, or async to keep a parser out of the first load).
 *
 *   const article = useLiveStory(data.storyId, data.article, parseArticleStory);
 */
export function useLiveStory<View>(
  storyId: number | null | undefined,
  initial: View,
  fromStory: (story: ISbStoryData) => View | Promise<View>,
  options: LiveStoryOptions = {},
): View {
  const [live, setLive] = useState<{ storyId: number; base: View; view: View } | null>(null);
  const base = initial;

  useEffect(() => {
    if (!storyId || !isVisualEditor()) return;
    // A parser may be loaded lazily (async); events still apply in the order they came.
    let latest = Promise.resolve();
    const listener: StoryListener = (story) => {
      latest = latest
        .then(() => fromStory(story))
        .then((view) => setLive({ storyId, base, view }))
        .catch((error: unknown) => console.error("Visual editor: could not show the edited story:", error));
    };
    let forStory = listeners.get(storyId);
    if (!forStory) listeners.set(storyId, (forStory = new Set()));
    forStory.add(listener);
    // The bridge loads only on a URL of the editor's (SPEC 7); after a link in the preview dropped the
    // query, the SDK would register nothing anyway (it needs the URL's `_storyblok`).
    if (isVisualEditorSearch(window.location.search)) void registerStory(storyId, options);
    return () => {
      forStory.delete(listener);
    };
    // fromStory and options may be made per render (per language): new loader data (a new language) re-subscribes
    // through `base`; re-subscribing on their identity would only churn
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storyId, base]);

  // A new story id (client navigation) or new loader data drops the live edit.
  return live && live.storyId === storyId && live.base === initial ? live.view : initial;
}

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { connectEditorBridge, isVisualEditorSearch } from "./bridge";

/**
 * Live editing (README, "The visual editor"): the visit's one connection to
 * Storyblok's bridge hands the editor's latest edit down the tree, and each
 * route turns it into its own view models with app/content's parsers. What
 * a route hands its components is a view model, never the edited story.
 */

/** The visual editor's latest `input` event: the story it has open, as edited so far. */
export interface StoryEdit {
  storyId: number;
  /** raw story JSON, for app/content's parsers only */
  story: unknown;
}

const LatestEdit = createContext<StoryEdit | null>(null);

/**
 * Above every page of a visit the editor opened (`_storyblok_tk`): connects
 * the bridge once and keeps its latest edit. A link followed inside the
 * preview drops the editor's query but not this connection, so a page shown
 * next still follows the open story. Outside the editor it does nothing.
 */
export function LiveEditsProvider({ children }: { children: ReactNode }) {
  const [edit, setEdit] = useState<StoryEdit | null>(null);
  // StrictMode runs the effect twice on one instance; the bridge takes a single registration per page
  const connected = useRef(false);
  useEffect(() => {
    if (connected.current || !isVisualEditorSearch(window.location.search)) return;
    connected.current = true;
    void connectEditorBridge(window.location.search, (storyId, story) => setEdit({ storyId, story }));
  }, []);
  return <LatestEdit value={edit}>{children}</LatestEdit>;
}

/**
 * `view` with the editor's latest edit applied by `applyEdit` (which returns
 * the view unchanged when the edit is not about it; async to keep a parser
 * out of the first load). Outside the editor, and until a first edit, it is
 * `view` itself. A newer edit or view supersedes a parse still running, so
 * an older edit never lands last; new loader data gets the edit too. `view`
 * keeps its identity from render to render (loader data, or memoised).
 */
export function useLiveView<View>(view: View, applyEdit: (view: View, edit: StoryEdit) => View | Promise<View>): View {
  const edit = useContext(LatestEdit);
  const [live, setLive] = useState<{ base: View; view: View } | null>(null);
  useEffect(() => {
    if (!edit) return;
    let latest = true;
    Promise.resolve()
      .then(() => applyEdit(view, edit))
      .then((edited) => {
        if (latest) setLive({ base: view, view: edited });
      })
      .catch((error: unknown) => console.error("Visual editor: could not show the edited story:", error));
    return () => {
      latest = false;
    };
    // a route passes a new function each render (it closes over the language, which comes with new loader data,
    // a new view): re-applying on its identity would only parse the same edit again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, edit]);
  return live?.base === view ? live.view : view;
}

/** The view of one story: while the editor has that story open, its edits as `parse` makes them a view. */
export function useLiveStory<View extends { storyId: number | null }>(
  view: View,
  parse: (story: unknown) => View | Promise<View>,
): View {
  return useLiveView(view, (shown, edit) => (edit.storyId === shown.storyId ? parse(edit.story) : shown));
}

import { isVisualEditorSearch } from "~/content/bridge";
import { contentConfig, type ContentConfig } from "~/content/content-config";

/**
 * What every route's client loader does: the prerendered data (a static
 * .data file, no content request) when there is some; else fresh from the
 * content service, in the content version to show: drafts in Storyblok's
 * visual editor (which never reads prerendered data), the site's version for
 * a page the build did not prerender (published after it). `fresh` imports
 * the page's content code itself, so a prerendered visit never loads it.
 */
export async function prerenderedOrFresh<Prerendered, Fresh>(
  { request, serverLoader }: { request: Request; serverLoader: () => Promise<Prerendered> },
  fresh: (version: ContentConfig["version"], preview: boolean) => Fresh | Promise<Fresh>,
): Promise<Prerendered | Fresh> {
  const preview = isVisualEditorSearch(new URL(request.url).search);
  if (!preview) {
    try {
      return await serverLoader();
    } catch {
      // not prerendered: fall through to the content service
    }
  }
  return fresh(preview ? "draft" : contentConfig.version, preview);
}

/**
 * A promise a client loader hands to the page, which shows its loading text
 * until it settles. React attaches its own handler only when it renders the
 * page; until then a failure must not count as an unhandled rejection (the
 * error screen shows it).
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

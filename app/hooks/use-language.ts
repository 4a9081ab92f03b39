import { useContext, useEffect, useState } from "react";
import { UNSAFE_LocationContext, useLocation, useMatches } from "react-router";
import { isRecord } from "~/content/is-record";
import { languageOfPath, localizedPath, otherLanguage, unlocalizedPath, type Language } from "~/language";
import { uiText, type UiText } from "~/ui-text";
import { untranslatedLanguage } from "~/content/text-language";

/**
 * The language of the page shown: English under /en/, else German (also
 * outside a router, where components render in isolation).
 */
export function useLanguage(): Language {
  const pathname = (useContext(UNSAFE_LocationContext) as { location?: { pathname?: string } } | null)?.location
    ?.pathname;
  return languageOfPath(pathname ?? "/");
}

/**
 * The `lang` a text of the content needs on this page: its language where it
 * is not the page's (docs/content-model.md, "Languages of the text"), else
 * none. Not known (null): none.
 */
export function useLangOf(): (language: Language | null | undefined) => Language | undefined {
  const page = useLanguage();
  return (language) => (language && language !== page ? language : undefined);
}

/**
 * The `lang` an asset's own text needs on this page (its alt text, title or name: Storyblok keeps one per
 * asset, untranslated, so written in the default language unless the blok says otherwise:
 * docs/content-model.md, "Languages of the text"); undefined where that is the page's language.
 */
export function useAssetTextLang(): Language | undefined {
  return useLangOf()(untranslatedLanguage());
}

/** The fixed texts in the page's language. */
export function useUiText(): UiText {
  return uiText[useLanguage()];
}

/** Where a page says it lives in each language: `alternates` in its data (or its page's, once that has arrived). */
function alternatesOf(data: unknown): Partial<Record<Language, string | null>> | undefined {
  if (!isRecord(data)) return undefined;
  if (isRecord(data.alternates)) return data.alternates as Partial<Record<Language, string | null>>;
  return isRecord(data.page) ? alternatesOf(data.page) : undefined;
}

/**
 * A route's data with its deferred page (a client loader's promise) once
 * that has arrived: the header is outside the page's Suspense boundary, so
 * it follows the promise itself.
 */
function useArrivedData(data: unknown): unknown {
  const pending = isRecord(data) && data.page instanceof Promise ? (data.page as Promise<unknown>) : null;
  const [arrived, setArrived] = useState<{ promise: Promise<unknown>; page: unknown } | null>(null);
  useEffect(() => {
    if (!pending) return;
    let current = true;
    pending.then(
      (page) => current && setArrived({ promise: pending, page }),
      () => undefined, // the page shows the failure
    );
    return () => {
      current = false;
    };
  }, [pending]);
  if (!pending) return data;
  return arrived?.promise === pending ? { page: arrived.page } : undefined;
}

/** Route ids whose pages exist in no other language: the not-found page. */
const UNTRANSLATED_ROUTES = new Set(["routes/not-found"]);

/**
 * The header's link to the page shown, in the other language: the path the
 * page's data names for it (an article's translated slug), else the same
 * path under the other language's prefix; a page without a translation
 * (not found, an article that does not exist) leads to that language's
 * home.
 */
export function useLanguageSwitch(): { language: Language; href: string } {
  const { pathname } = useLocation();
  const matches = useMatches();
  const language = otherLanguage(languageOfPath(pathname));
  const page = matches[matches.length - 1];
  const data = useArrivedData(page?.loaderData);
  const home = localizedPath("/", language);
  if (!page || UNTRANSLATED_ROUTES.has(page.id)) return { language, href: home };
  const alternates = alternatesOf(data);
  if (alternates && language in alternates) return { language, href: alternates[language] ?? home };
  return { language, href: localizedPath(unlocalizedPath(pathname), language) };
}

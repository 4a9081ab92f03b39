import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useInRouterContext, useLocation, useNavigate, type Location } from "react-router";
import { Lightbox } from "./lightbox-dialog";
import { lightboxHref } from "./lightbox-hash";
import { indexFromHash } from "./lightbox-hash-index";
import type { LightboxHostProps } from "./lightbox-host";

/** Marks a history entry a tile's click pushed: closing the view goes back to the entry before. */
const OPENED_HERE = { lightbox: true };

function isOpenedHere(state: unknown): boolean {
  return typeof state === "object" && state !== null && "lightbox" in state;
}

/** The media the grid shows (the masonry's filter hides some), in its order: those the view steps through. */
function shownOrder(root: HTMLElement | null, count: number, set: number | undefined): number[] {
  const links = root ? Array.from(root.querySelectorAll("a[href]")) : [];
  const order = links.map((link) => indexFromHash(link.getAttribute("href"), count, set));
  return order.filter((index): index is number => index !== null);
}

interface LightboxViewProps extends LightboxHostProps {
  /** the prerendered figures are no longer needed: nothing was open, or the dialog shows it now */
  onFiguresDone: () => void;
}

/**
 * The full-screen view's code, fetched after hydration (LightboxHost).
 * Outside a router (components rendered on their own) the tiles stay links
 * to the prerendered figures.
 */
export function LightboxView(props: LightboxViewProps) {
  return useInRouterContext() ? <RoutedView {...props} /> : null;
}

/**
 * A tile's click pushes its fragment (the entry marked as opened here), after
 * which `opener` holds the tile's medium; other clicks are the browser's.
 */
function useOpenOnTileClick({
  tiles,
  count,
  set,
  here,
  opener,
}: {
  tiles: LightboxViewProps["tiles"];
  count: number;
  set: number | undefined;
  here: RefObject<Location>;
  opener: RefObject<number | null>;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const root = tiles.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      const target = link && root.contains(link) ? indexFromHash(link.getAttribute("href"), count, set) : null;
      if (target === null) return;
      event.preventDefault();
      opener.current = target;
      const { pathname, search } = here.current;
      navigate({ pathname, search, hash: lightboxHref(target, set) }, { preventScrollReset: true, state: OPENED_HERE });
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, [tiles, count, set, navigate, here, opener]);
}

/**
 * The dialog bound to the URL. A tile's click pushes its fragment; a step
 * replaces it; closing goes Back when a click pushed the entry, and
 * otherwise (a shared link, a tap before hydration) drops the fragment in
 * place. Once closed, focus goes back to the tile that opened the view, or
 * to the tile of the medium shown last.
 */
function RoutedView({ items, tiles, set, onFiguresDone }: LightboxViewProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const index = indexFromHash(location.hash, items.length, set);
  const here = useRef(location);
  const opener = useRef<number | null>(null);
  const shown = useRef<number | null>(null);
  const [dialogShown, setDialogShown] = useState(false);

  useEffect(() => {
    here.current = location;
    // a figure opened before the page ran stays until the dialog has taken over
    if (index === null || dialogShown) onFiguresDone();
  }, [location, index, dialogShown, onFiguresDone]);

  useOpenOnTileClick({ tiles, count: items.length, set, here, opener });

  useEffect(() => {
    const last = shown.current;
    shown.current = index;
    if (index !== null || last === null) return;
    const back = opener.current ?? last;
    opener.current = null;
    tiles.current?.querySelector<HTMLElement>(`a[href="${lightboxHref(back, set)}"]`)?.focus();
  }, [index, tiles, set]);

  const onStep = useCallback(
    (next: number) => {
      const { pathname, search, state } = here.current;
      navigate({ pathname, search, hash: lightboxHref(next, set) }, { replace: true, preventScrollReset: true, state });
    },
    [navigate, set],
  );
  const onClose = useCallback(() => {
    const { pathname, search, state } = here.current;
    if (isOpenedHere(state)) navigate(-1);
    else navigate({ pathname, search }, { replace: true, preventScrollReset: true });
  }, [navigate]);
  const onShown = useCallback(() => setDialogShown(true), []);

  if (index === null) return null;
  // in place: a modal dialog is drawn in the top layer, whatever its ancestors' opacity, transforms or overflow
  return (
    <Lightbox
      items={items}
      order={shownOrder(tiles.current, items.length, set)}
      index={index}
      onStep={onStep}
      onClose={onClose}
      onShown={onShown}
    />
  );
}

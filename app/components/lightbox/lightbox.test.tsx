import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MediaGrid } from "~/components/media-grid/media-grid";
import { articleMedia } from "~/content/article-media";
import { mockMatchMedia } from "~/test/browser-mocks";
import { Lightbox, SWIPE_DISTANCE_PX } from "./lightbox-dialog";

/**
 * The full-screen view of an article's media once the page runs: the URL
 * (`#media-N`) says what is open, the dialog shows it. jsdom has no modal
 * dialogs: showModal only opens it here (Chromium's focus trap, inert page
 * and top layer are checked by e2e/lightbox.spec.ts).
 */

const asset = (name: string, size = "1200x800") => `https://a.storyblok.com/f/287401/${size}/abc/${name}`;

const media = articleMedia({
  Wrapper: [
    {
      component: "ImagesArticle",
      _uid: "w",
      media: [
        { _uid: "a", Image: { filename: asset("a.webp"), alt: "Alt a", name: "Werkstatt" } },
        { _uid: "gap", Image: { filename: "" } },
        { _uid: "b", Image: { filename: asset("b.webp", "800x1120"), alt: "Alt b", name: "" } },
        { _uid: "c", Image: { filename: asset("c.mp4", "640x360"), name: "Film" } },
      ],
    },
  ],
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.hash}`}</output>;
}

/**
 * Renders the article's media grid at `entry` and waits for the view's code, which the page fetches once idle
 * after hydrating: until it has come, the prerendered figures (none in a client render) answer the tiles.
 */
async function renderArticle(entry = "/articles/hafenkino") {
  const Stub = createRoutesStub([
    {
      path: "/articles/:slug",
      Component: () => (
        <>
          <MediaGrid items={media} />
          <LocationProbe />
        </>
      ),
    },
    { path: "/en/articles/:slug", Component: () => <MediaGrid items={media} /> },
  ]);
  const rendered = render(<Stub initialEntries={["/", entry]} initialIndex={1} />);
  await waitFor(() => expect(rendered.container.querySelector("div[class='lightbox']")).toBeNull());
  return rendered;
}

const location = () => screen.getByTestId("location").textContent;
/** What the view's counter shows ("2 / 3"), its visually hidden words left out. */
const counter = (view: HTMLElement) => view.querySelector("[data-part='counter'] [aria-hidden='true']")?.textContent;
const dialog = () => screen.findByRole("dialog", { name: "Großansicht" });

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
});

beforeEach(() => {
  mockMatchMedia(() => false);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tiles", () => {
  it("are links to the media's fragments, numbered over the images and videos only", async () => {
    await renderArticle();
    expect(screen.getByRole("link", { name: "Alt a" }).getAttribute("href")).toBe("#media-1");
    expect(screen.getByRole("link", { name: "Alt b" }).getAttribute("href")).toBe("#media-2");
    expect(screen.getByRole("link", { name: "Film" }).getAttribute("href")).toBe("#media-3");
    // the video keeps its own element beside the link
    expect(screen.getByRole("link", { name: "Film" }).parentElement?.querySelector("video")).not.toBeNull();
  });
});

describe("the full-screen view", () => {
  it("opens on a click with the URL's fragment, shows '2 / 3' and the alt text for a missing caption", async () => {
    await renderArticle();
    await userEvent.click(screen.getByRole("link", { name: "Alt b" }));
    const view = await dialog();
    expect(location()).toBe("/articles/hafenkino#media-2");
    expect(view.hasAttribute("open")).toBe(true);
    expect(counter(view)).toBe("2 / 3");
    expect(within(view).getByText("2 von 3").className).toBe("visually-hidden");
    const image = within(view).getByRole("img", { name: "Alt b" });
    expect(image.getAttribute("sizes")).toBe("min(100vw, 71.43vh, 800px)");
    // the file is 800 px wide: no rendition wider than that
    expect(image.getAttribute("srcset")).toContain("/m/800x0/filters:quality(80):format(webp) 800w");
    expect(image.getAttribute("srcset")).not.toContain("960w");
    expect(view.querySelector("[data-part='caption']")?.textContent).toBe("Alt b");
  });

  it("steps with the arrow keys and the buttons, round the end, replacing the URL's fragment", async () => {
    await renderArticle();
    await userEvent.click(screen.getByRole("link", { name: "Alt a" }));
    const view = await dialog();
    expect(counter(view)).toBe("1 / 3");
    fireEvent.keyDown(view, { key: "ArrowRight" });
    await waitFor(() => expect(location()).toBe("/articles/hafenkino#media-2"));
    await userEvent.click(within(view).getByRole("button", { name: "Nächstes Bild" }));
    await waitFor(() => expect(counter(view)).toBe("3 / 3"));
    // a video plays with its controls and sound
    const video = within(view).getByLabelText("Film");
    expect(video.tagName).toBe("VIDEO");
    expect((video as HTMLVideoElement).controls).toBe(true);
    expect((video as HTMLVideoElement).muted).toBe(false);
    fireEvent.keyDown(view, { key: "ArrowRight" });
    await waitFor(() => expect(counter(view)).toBe("1 / 3"));
    await userEvent.click(within(view).getByRole("button", { name: "Vorheriges Bild" }));
    await waitFor(() => expect(location()).toBe("/articles/hafenkino#media-3"));
    // one entry was pushed for the whole visit: Back leaves the view
    await userEvent.click(within(view).getByRole("button", { name: "Schließen" }));
    await waitFor(() => expect(location()).toBe("/articles/hafenkino"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("steps with a swipe and ignores a short or vertical one", async () => {
    // jsdom has no pointer events: mouse events with a pointer's flag stand in
    vi.stubGlobal(
      "PointerEvent",
      class extends MouseEvent {
        readonly isPrimary: boolean;
        constructor(type: string, init: PointerEventInit = {}) {
          super(type, init);
          this.isPrimary = init.isPrimary ?? false;
        }
      },
    );
    await renderArticle();
    await userEvent.click(screen.getByRole("link", { name: "Alt a" }));
    const view = await dialog();
    const swipe = (dx: number, dy: number) => {
      fireEvent.pointerDown(view, { isPrimary: true, clientX: 300, clientY: 300 });
      fireEvent.pointerUp(view, { isPrimary: true, clientX: 300 + dx, clientY: 300 + dy });
    };
    swipe(-(SWIPE_DISTANCE_PX - 5), 0);
    swipe(-60, 120);
    await act(() => Promise.resolve());
    expect(location()).toBe("/articles/hafenkino#media-1");
    swipe(-(SWIPE_DISTANCE_PX + 20), 10);
    await waitFor(() => expect(location()).toBe("/articles/hafenkino#media-2"));
    swipe(SWIPE_DISTANCE_PX + 20, 0);
    await waitFor(() => expect(location()).toBe("/articles/hafenkino#media-1"));
  });

  it("closes on Escape, on a tap beside the medium and by its button, and gives focus back to the tile", async () => {
    await renderArticle();
    const tile = screen.getByRole("link", { name: "Alt b" });
    const closings: Array<(view: HTMLElement) => void> = [
      (view) => fireEvent(view, new Event("cancel", { cancelable: true })),
      (view) => fireEvent.click(view.querySelector("[data-part='stage']")!),
      (view) => fireEvent.click(within(view).getByRole("button", { name: "Schließen" })),
    ];
    for (const close of closings) {
      await userEvent.click(tile);
      const view = await dialog();
      // a tap on the medium itself is not one beside it
      fireEvent.click(within(view).getByRole("img", { name: "Alt b" }));
      close(view);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(location()).toBe("/articles/hafenkino");
      expect(document.activeElement).toBe(tile);
    }
  });

  it("closes once on an Escape the page may not cancel, whose dialog then closes by itself", async () => {
    const onClose = vi.fn();
    const item = { kind: "image", src: asset("a.webp"), alt: "Alt a", caption: "" } as const;
    render(<Lightbox items={[item]} order={[0]} index={0} onStep={vi.fn()} onClose={onClose} onShown={vi.fn()} />);
    const view = await dialog();
    // Chromium's cancel without a user activation since the last: not cancelable, and the dialog's close follows.
    // In a browser Back is asynchronous: a second call would go back once more, off the page
    fireEvent(view, new Event("cancel", { cancelable: false }));
    fireEvent(view, new Event("close"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("opens from a shared link, and closing it drops the fragment in place", async () => {
    await renderArticle("/articles/hafenkino#media-3");
    const view = await dialog();
    expect(counter(view)).toBe("3 / 3");
    // the dialog has taken over from the prerendered figures
    await waitFor(() => expect(document.getElementById("media-3")).toBeNull());
    fireEvent(view, new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(location()).toBe("/articles/hafenkino"));
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Film" }));
  });

  it("speaks English under /en/", async () => {
    await renderArticle("/en/articles/hafenkino#media-1");
    const view = await screen.findByRole("dialog", { name: "Full-screen view" });
    expect(within(view).getByRole("button", { name: "Close" }).getAttribute("data-part")).toBe("control");
    expect(within(view).getByText("1 of 3").className).toBe("visually-hidden");
  });
});

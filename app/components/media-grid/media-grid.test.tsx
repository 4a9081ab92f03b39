import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { articleMedia, type ArticleMediaItem } from "~/content/article-media";
import { mockMatchMedia } from "~/test/browser-mocks";
import { expectAttributes, renderInRouter } from "~/test/render-in-router";
import { MediaGrid } from "./media-grid";

/** The grid's list: the full-screen view's figures beside it hold the same media and texts. */
const grid = () => within(screen.getByRole("list"));

const IMAGE = "https://a.storyblok.com/f/287401/1200x800/abc/detail.webp";
const entry = (
  uid: string,
  flags: Record<string, unknown> = {},
  image: unknown = { filename: IMAGE, alt: `Alt ${uid}`, name: `Caption ${uid}` },
) => ({
  component: "media",
  _uid: uid,
  Image: image,
  ...flags,
});
const content = (...entries: unknown[]) => ({ Wrapper: [{ component: "ImagesArticle", _uid: "w", media: entries }] });

function renderGrid(items: ArticleMediaItem[]) {
  mockMatchMedia(() => false);
  return render(<MediaGrid items={items} />);
}

describe("MediaGrid", () => {
  it("gives each entry the class of its layout flag", () => {
    const { container } = renderGrid(
      articleMedia(
        content(
          entry("f", { Fullsize: true }),
          entry("r", { right: true }),
          entry("v", { vertical: true }),
          entry("d"),
        ),
      ),
    );
    const cells = [...container.querySelectorAll("li")];
    expect(cells.map((cell) => cell.className.split(" ")[1])).toEqual(["fullsize", "right", "vertical", "default"]);
    expect(cells.map((cell) => cell.dataset.layout)).toEqual(["fullsize", "right", "vertical", "default"]);
  });

  it("renders images with alt, caption, size, srcset and lazy loading", () => {
    renderGrid(articleMedia(content(entry("a"))));
    expectAttributes(grid().getByRole("img", { name: "Alt a" }), {
      width: "1200",
      height: "800",
      "data-lazy": "",
      "data-srcset": "/m/480x0/filters:quality(75):format(webp) 480w",
      sizes: "(max-width: 768px) 100vw, 50vw",
    });
    expect(grid().getByText("Caption a").tagName).toBe("FIGCAPTION");
  });

  it("credits an image with its copyright under its caption, in the page's language, and no other", () => {
    const { container } = renderGrid(
      articleMedia(
        content(
          entry("c", {}, { filename: IMAGE, alt: "Alt c", name: "Caption c", copyright: "© Studio Halbton" }),
          entry("n"),
        ),
      ),
    );
    const captions = [...container.querySelectorAll("figcaption")];
    expect(captions.map((caption) => caption.textContent)).toEqual(["Caption cBild: © Studio Halbton", "Caption n"]);
    expect(captions[0]!.querySelector("small")?.textContent).toBe("Bild: © Studio Halbton");
  });

  it("marks a caption and an alt text written in the other language: the img, and the caption's text, not its credit", () => {
    const english = entry(
      "e",
      { CaptionLanguage: "en", AltLanguage: "en" },
      {
        filename: IMAGE,
        alt: "Hafenkino: Exhibition wall, 1:20",
        name: "Exhibition wall, 1:20",
        copyright: "© Studio Halbton",
      },
    );
    const german = entry("g", {}, { filename: IMAGE, alt: "Hafenkino: Stempelsatz", name: "Stempelsatz" });
    renderGrid(articleMedia(content(english, german)));
    expect(grid().getByRole("img", { name: "Hafenkino: Exhibition wall, 1:20" }).getAttribute("lang")).toBe("en");
    const caption = grid().getByText("Exhibition wall, 1:20");
    expect(caption.getAttribute("lang")).toBe("en");
    expect(caption.closest("figcaption")!.querySelector("small")!.closest("[lang]")).toBeNull();
    // German text on the German page says nothing
    expect(grid().getByRole("img", { name: "Hafenkino: Stempelsatz" }).hasAttribute("lang")).toBe(false);
    expect(grid().getByText("Stempelsatz").tagName).toBe("FIGCAPTION");
    expect(grid().getByText("Stempelsatz").hasAttribute("lang")).toBe(false);
  });

  it("on the English page marks the untranslated German caption and alt text, not the English ones", () => {
    const english = entry(
      "e",
      { CaptionLanguage: "en", AltLanguage: "en" },
      { filename: IMAGE, alt: "Wall", name: "Wall" },
    );
    const german = entry("g", {}, { filename: IMAGE, alt: "Hafenkino: Stempelsatz", name: "Stempelsatz" });
    renderInRouter(<MediaGrid items={articleMedia(content(english, german), "", "en")} />, "/en/articles/koernung");
    expect(grid().getByRole("img", { name: "Hafenkino: Stempelsatz" }).getAttribute("lang")).toBe("de");
    expect(grid().getByText("Stempelsatz").getAttribute("lang")).toBe("de");
    expect(grid().getByRole("img", { name: "Wall" }).hasAttribute("lang")).toBe(false);
    expect(grid().getByText("Wall").hasAttribute("lang")).toBe(false);
  });

  it("renders a video entry as a silent looping video", () => {
    const { container } = renderGrid(
      articleMedia(
        content(entry("v", {}, { filename: "https://a.storyblok.com/f/1/640x360/a/loop.mp4", name: "Loop" })),
      ),
    );
    const video = container.querySelector("video")!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.hasAttribute("playsinline")).toBe(true);
    expect(grid().getByText("Loop", { selector: "figcaption" }).tagName).toBe("FIGCAPTION");
    // the link over it that opens it full-screen is named by its label too
    expect(grid().getByRole("link", { name: "Loop" }).getAttribute("href")).toBe("#media-1");
  });

  it("shows 'no Image' for an article without a Wrapper list", () => {
    renderGrid(articleMedia({}));
    expect(grid().getByText("no Image").className).toBe("message");
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows the media messages in place of unusable entries", () => {
    const { container } = renderGrid(
      articleMedia({
        Wrapper: [
          {
            component: "ImagesArticle",
            _uid: "a",
            media: [entry("1", {}, { filename: "" }), entry("2", {}, { filename: "https://x/f/1/1x1/a/doc.pdf" })],
          },
          { component: "ImagesArticle", _uid: "b", media: { not: "a list" } },
        ],
      }),
    );
    expect([...container.querySelectorAll("li")].map((item) => item.querySelector(".message")?.textContent)).toEqual([
      "Kein Bild",
      "unbekanntes Format",
      "Keine Bilddaten vorhanden.",
    ]);
  });

  it("renders nothing for an empty list", () => {
    const { container } = renderGrid([]);
    expect(container.innerHTML).toBe("");
  });
});

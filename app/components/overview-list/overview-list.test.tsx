import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { parseOverview } from "~/content/about";
import { mockMatchMedia } from "~/test/browser-mocks";
import { OverviewList } from "./overview-list";

const item = (uid: string, file: string) => ({
  _uid: uid,
  component: "overview_item",
  Headline: `Item ${uid}`,
  Asset: { filename: `https://a.storyblok.com/f/287401/1200x800/abc/${file}`, alt: `Alt ${uid}` },
  Text: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: `Text ${uid}` }] }] },
});

function renderList(items: unknown[]) {
  const view = parseOverview({ Items: items });
  const Stub = createRoutesStub([{ path: "/", Component: () => <OverviewList items={view.items} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

beforeEach(() => {
  mockMatchMedia(() => false);
});

describe("OverviewList", () => {
  it.each(["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg"])("shows a .%s asset as an image", async (extension) => {
    const { container } = renderList([item("1", `file.${extension}`)]);
    expect((await screen.findByRole("img", { name: "Alt 1" })).getAttribute("data-srcset")).toContain(
      `file.${extension}`,
    );
    expect(container.querySelector("video")).toBeNull();
  });

  it.each(["mp4", "webm", "ogg", "mov"])(
    "shows a .%s asset as a muted, looping, inline, autoplaying video",
    async (extension) => {
      const { container } = renderList([item("1", `file.${extension}`)]);
      await screen.findByText("Item 1");
      const video = container.querySelector("video")!;
      expect(video.querySelector("source")!.getAttribute("src")).toContain(`file.${extension}`);
      expect(video.muted).toBe(true);
      expect(video.loop).toBe(true);
      expect(video.autoplay).toBe(true);
      expect(video.hasAttribute("playsinline")).toBe(true);
    },
  );

  it.each(["pdf", "txt", "zip", ""])("renders nothing for a .%s asset, and no message", async (extension) => {
    const { container } = renderList([item("1", extension ? `file.${extension}` : "file")]);
    const heading = await screen.findByRole("heading", { level: 3, name: "Item 1" });
    expect(heading.nextElementSibling?.textContent).toBe("Text 1");
    expect(container.querySelector("img, video")).toBeNull();
    expect(container.textContent).not.toMatch(/Kein Bild|unbekanntes Format/);
  });

  it("lists every item with its headline and text, in order", async () => {
    renderList([item("1", "a.jpg"), item("2", "b.mp4"), item("3", "c.pdf")]);
    const headings = await screen.findAllByRole("heading", { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(["Item 1", "Item 2", "Item 3"]);
  });
});

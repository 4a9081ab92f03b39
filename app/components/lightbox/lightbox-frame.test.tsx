import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LightboxFrame } from "./lightbox-frame";
import type { LightboxItem } from "./lightbox-item";

const IMAGE = "https://a.storyblok.com/f/287401/1200x800/abc/detail.webp";

const frame = (item: LightboxItem) => (
  <LightboxFrame item={item} position={1} count={2} media={null} close={null} previous={null} next={null} />
);

describe("LightboxFrame", () => {
  it("gives a caption in the other language its lang, and the credit beside it none", () => {
    const { container } = render(
      frame({
        kind: "image",
        src: IMAGE,
        alt: "Hafenkino: Exhibition wall, 1:20",
        altLanguage: "en",
        caption: "Exhibition wall, 1:20",
        captionLanguage: "en",
        copyright: "© Studio Halbton",
      }),
    );
    expect(screen.getByText("Exhibition wall, 1:20").getAttribute("lang")).toBe("en");
    expect(container.querySelector("[data-part=credit]")!.closest("[lang]")).toBeNull();
  });

  it("shows the alt text in its language where there is no caption, and a text in the page's language without lang", () => {
    const { container, rerender } = render(
      frame({ kind: "image", src: IMAGE, alt: "Sketchbook page", altLanguage: "en", caption: "" }),
    );
    expect(screen.getByText("Sketchbook page").getAttribute("lang")).toBe("en");
    rerender(
      frame({
        kind: "image",
        src: IMAGE,
        alt: "Stempelsatz",
        altLanguage: "de",
        caption: "Stempelsatz",
        captionLanguage: "de",
      }),
    );
    expect(container.querySelector("[data-part=caption] [lang]")).toBeNull();
  });
});

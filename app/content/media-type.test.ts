import { describe, expect, it } from "vitest";
import { fileExtension, isMp4, mediaKind } from "./media-type";

describe("mediaKind", () => {
  it.each(["jpg", "jpeg", "png", "gif", "webp", "bmp", "svg", "JPG"])("recognises .%s as an image", (extension) => {
    expect(mediaKind(`https://a.storyblok.com/f/1/10x10/ab/file.${extension}`)).toBe("image");
  });

  it.each(["mp4", "webm", "ogg", "mov"])("recognises .%s as a video", (extension) => {
    expect(mediaKind(`/f/1/10x10/ab/clip.${extension}`)).toBe("video");
  });

  it("reports unknown extensions and missing files", () => {
    expect(mediaKind("/f/1/brochure.pdf")).toBe("unknown");
    expect(mediaKind("/f/1/no-extension")).toBe("unknown");
    expect(mediaKind("")).toBe("none");
    expect(mediaKind(null)).toBe("none");
  });

  it("ignores query strings and dots in folders", () => {
    expect(fileExtension("/f/1/v1.2/clip.mp4?x=1#t")).toBe("mp4");
    expect(mediaKind("/f/1/v1.2/readme")).toBe("unknown");
  });
});

describe("isMp4", () => {
  it("is true only for .mp4", () => {
    expect(isMp4("/x/clip.MP4")).toBe(true);
    expect(isMp4("/x/clip.webm")).toBe(false);
  });
});

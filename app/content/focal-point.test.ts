import { describe, expect, it } from "vitest";
import { FOCUS_FIELD_PATTERN, focalObjectPosition, parseFocus, phoneFocus } from "./focal-point";

const PHOTO = "https://a.storyblok.com/f/287401/1600x1000/abc/photo.webp";

describe("parseFocus", () => {
  it("reads Storyblok's x1xy1:x2xy2, top-left corner first", () => {
    expect(parseFocus("120x800:121x801", PHOTO)).toEqual({ x1: 120, y1: 800, x2: 121, y2: 801 });
  });

  it("is null for no focus, another form, swapped corners or a point outside the file", () => {
    for (const focus of ["", "120x800", "a:b", "121x801:120x800", "1700x10:1701x11", "-1x0:1x1"]) {
      expect(parseFocus(focus, PHOTO)).toBeNull();
    }
  });
});

describe("focalObjectPosition", () => {
  it("is the focal area's centre as a share of the file: that point stays inside any box object-fit covers", () => {
    expect(focalObjectPosition(PHOTO, "200x100:600x300")).toBe("25% 20%");
    expect(focalObjectPosition(PHOTO, "1599x999:1600x1000")).toBe("99.97% 99.95%");
  });

  it("is undefined without a focal point or a size in the URL: the crop stays centred", () => {
    expect(focalObjectPosition(PHOTO, "")).toBeUndefined();
    expect(focalObjectPosition("https://example.com/photo.jpg", "200x100:600x300")).toBeUndefined();
  });
});

describe("phoneFocus", () => {
  it("is the phone point where it is a focal area of the file, else the asset's focus", () => {
    expect(phoneFocus(PHOTO, "10x10:11x11", " 120x800:121x801 ")).toBe("120x800:121x801");
    for (const point of ["", "120x800", "1700x10:1701x11", "121x801:120x800"]) {
      expect(phoneFocus(PHOTO, "10x10:11x11", point)).toBe("10x10:11x11");
    }
  });
});

describe("FOCUS_FIELD_PATTERN", () => {
  it("lets an editor save an empty field or the asset manager's form, and nothing else", () => {
    const pattern = new RegExp(FOCUS_FIELD_PATTERN);
    expect(["", "120x800:121x801", "0x0:99999x99999"].every((value) => pattern.test(value))).toBe(true);
    expect(["120x800", "120,800", "120x800:121x801 ", "center", "-1x0:1x1"].some((value) => pattern.test(value))).toBe(
      false,
    );
  });
});

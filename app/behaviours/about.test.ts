import { afterEach, describe, expect, it } from "vitest";
import { ABOUT_BODY_CLASS, start } from "./about";

afterEach(() => {
  document.body.innerHTML = "";
  document.body.className = "";
});

describe("the about page's body without React", () => {
  it("gives the body SPEC 2's orange class on the about page only", () => {
    document.body.innerHTML = '<main><div data-about-page="" data-behaviour="about"></div></main>';
    start(document);
    expect(document.body.classList.contains(ABOUT_BODY_CLASS)).toBe(true);
    expect(ABOUT_BODY_CLASS).toBe("about-page");
  });

  it("leaves any other page's body alone", () => {
    document.body.innerHTML = '<main><div data-behaviour="menu"></div></main>';
    start(document);
    expect(document.body.classList.contains(ABOUT_BODY_CLASS)).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aboutBlockTiming } from "./about";

describe("aboutBlockTiming", () => {
  it("staggers by 0.15 s and lasts 0.6 s", () => {
    expect([0, 1, 2, 3].map(aboutBlockTiming)).toEqual([
      { delay: 0, duration: 0.6 },
      { delay: 0.15, duration: 0.6 },
      { delay: 0.3, duration: 0.6 },
      { delay: 0.45, duration: 0.6 },
    ]);
  });
});

describe("about.module.css", () => {
  const css = readFileSync(path.resolve("app/bloks/about/about.module.css"), "utf8");

  it("animates each block with its own delay and duration, and not at all under reduced motion", () => {
    expect(css).toMatch(
      /\.stagger\s*\{[^}]*animation:[^;]*var\(--about-duration, 0\.6s\)[^;]*var\(--about-delay, 0s\)/,
    );
    expect(css).toMatch(/prefers-reduced-motion: reduce\)\s*\{\s*\.stagger\s*\{\s*animation: none/);
  });

  it("fades the first block in from 1 %, so that Chromium counts its first paint, and the delayed ones from 0", () => {
    expect(css).toMatch(/\.first\s*\{\s*animation-name: about-first-block-in;/);
    expect(css).toMatch(/@keyframes about-first-block-in\s*\{\s*from\s*\{\s*opacity: 0\.01;/);
    expect(css).toMatch(/@keyframes about-block-in\s*\{\s*from\s*\{\s*opacity: 0;/);
  });
});

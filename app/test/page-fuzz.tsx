import { cleanup } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect } from "vitest";
import { mockIntersectionObserver, mockMatchMedia } from "./browser-mocks";
import { domProblems, tokensInInput, unexpectedConsoleErrors } from "./dom-invariants";
import { fuzzTestFile } from "./fuzz-file";
import { renderInRouter } from "./render-in-router";

/**
 * The fuzz tests of the pages: each generated story goes through the page's
 * normaliser and is rendered (in a router stub, as the route renders it).
 * Nothing may throw; no "undefined", "[object Object]" or "NaN" may reach
 * the DOM; no script, event handler or unsafe URL; no React warning
 * (duplicate keys, NaN props); and where a field is broken the spec's
 * message shows (SPEC 5, 8).
 */
export function pageFuzzFile(file: string) {
  const fuzz = fuzzTestFile(file, () => {
    mockMatchMedia();
    mockIntersectionObserver();
  });

  /** Renders at `path`, checks the DOM and the console, unmounts; returns what `inspect` found. */
  function renderAndCheck<T = void>(
    input: unknown,
    element: ReactNode,
    inspect?: (container: HTMLElement) => T,
    path = "/",
  ): T | undefined {
    fuzz.countCase();
    fuzz.consoleErrors().mockClear();
    try {
      // routes read the location and the root loader data
      const { container } = renderInRouter(element, path);
      expect(domProblems(container, { allowedTokens: tokensInInput(input), allowJsonLd: true })).toEqual([]);
      expect(unexpectedConsoleErrors(fuzz.consoleErrors().mock.calls)).toEqual([]);
      return inspect?.(container);
    } finally {
      cleanup();
    }
  }

  return { renderAndCheck };
}

/** The text a rendered page shows. */
export const textOf = (container: HTMLElement) => container.textContent ?? "";

import { cleanup } from "@testing-library/react";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FUZZ_RUNS, fuzzParameters } from "~/test/arbitraries/fuzz-budget";
import { richTextFieldArb } from "~/test/arbitraries/rich-text";
import { domProblems, isRichTextStyle, tokensInInput, unexpectedConsoleErrors } from "~/test/dom-invariants";
import { fuzzTestFile } from "~/test/fuzz-file";
import { HOSTILE_RICH_TEXT } from "~/test/hostile-rich-text/corpus";
import { renderRichText } from "~/test/render-in-router";

/**
 * Rich text against a corpus of hostile documents (app/test/hostile-rich-text/,
 * shared with the browser suite) and against random ones: whatever an
 * editor saves, the rendered DOM has no script, frame, object or embed, no
 * event handler, no link or image outside http(s)/mailto/tel (judged after
 * decoding entities and escapes and dropping control characters), styles
 * only from colour marks and text alignment with plain values, and every
 * new tab with rel="noopener noreferrer". Huge and deep documents finish.
 */

const fuzz = fuzzTestFile(`rich-text-hostile.test.tsx (and ${HOSTILE_RICH_TEXT.length} corpus documents)`);

function richTextProblems(container: HTMLElement, raw: unknown): string[] {
  const problems = domProblems(container, {
    allowedTokens: tokensInInput(raw),
    allowStyle: isRichTextStyle,
    relOnEveryNewTab: true,
  });
  for (const link of container.querySelectorAll("a[rel]")) {
    if (link.getAttribute("rel")!.split(/\s+/).includes("opener"))
      problems.push(`rel="${link.getAttribute("rel")}" hands over the opener`);
  }
  if (container.querySelector("script, iframe, object, embed, form, style"))
    problems.push("an executable or embedding element");
  // markup the HTML parser would restructure: the prerendered page would not hydrate
  const misnested = container.querySelector(
    ":is(p, h1, h2, h3, h4, h5, h6, pre) :is(p, ul, ol, li, blockquote, pre, hr, h1, h2, h3, h4, h5, h6), li > li, :not(ul, ol) > li",
  );
  if (misnested) problems.push(`<${misnested.localName}> inside <${misnested.parentElement?.localName}>`);
  return problems;
}

/** The deepest element nesting below `root` (iterative). */
function domDepth(root: Element): number {
  let deepest = 0;
  const stack: Array<{ element: Element; depth: number }> = [{ element: root, depth: 0 }];
  while (stack.length > 0) {
    const { element, depth } = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (const child of element.children) stack.push({ element: child, depth: depth + 1 });
  }
  return deepest;
}

describe("the DOM checks themselves", () => {
  it("flag what they are there to catch", () => {
    const host = document.createElement("div");
    host.innerHTML = [
      '<a href="java&#x09;script:alert(1)">a</a>',
      '<a href="%6Aavascript:alert(1)">b</a>',
      '<a href=" &#1;javascript:alert(1)">c</a>',
      '<a href="https://example.com" target="_blank">d</a>',
      '<img src="data:image/svg+xml,x" onerror="x">',
      '<span style="color: red; background: url(x)">e</span>',
      "<p>undefined</p>",
    ].join("");
    const problems = domProblems(host, { allowStyle: isRichTextStyle, relOnEveryNewTab: true });
    expect(problems.filter((problem) => problem.includes("scheme javascript")).length).toBe(3);
    for (const expected of [/lacks rel/, /scheme data/, /event handler/, /has style/, /shows undefined/]) {
      expect(
        problems.some((problem) => expected.test(problem)),
        String(expected),
      ).toBe(true);
    }
    expect(
      domProblems(host, { allowedTokens: new Set(["undefined"]) }).some((problem) => problem.includes("undefined")),
    ).toBe(false);
  });
});

describe("RichText against the hostile corpus", () => {
  it("has at least 40 documents", () => {
    expect(HOSTILE_RICH_TEXT.length).toBeGreaterThanOrEqual(40);
    expect(new Set(HOSTILE_RICH_TEXT.map((entry) => entry.name)).size).toBe(HOSTILE_RICH_TEXT.length);
  });

  it.each(HOSTILE_RICH_TEXT.map((entry) => [entry.name, entry] as const))("renders %s safely", (_name, entry) => {
    const started = performance.now();
    const container = renderRichText(entry.document).container;
    const elapsed = performance.now() - started;
    expect(richTextProblems(container, entry.document)).toEqual([]);
    expect(unexpectedConsoleErrors(fuzz.consoleErrors().mock.calls)).toEqual([]);
    // what the entry promises, where it promises anything
    expect(container.textContent).toContain(entry.keepsText ?? "");
    expect({
      links: container.querySelectorAll("a").length,
      images: container.querySelectorAll("img").length,
    }).toMatchObject({ ...(entry.noLink && { links: 0 }), ...(entry.noImage && { images: 0 }) });
    // bounded: deep documents are cut off, nothing takes long (generous for a busy machine)
    expect(domDepth(container)).toBeLessThan(80);
    expect(elapsed).toBeLessThan(entry.heavy ? 60_000 : 5_000);
  });
});

describe("RichText against random documents", () => {
  it("renders any document safely", () => {
    fc.assert(
      fc.property(richTextFieldArb, (raw) => {
        fuzz.countCase();
        fuzz.consoleErrors().mockClear();
        try {
          const { container } = renderRichText(raw);
          expect(richTextProblems(container, raw)).toEqual([]);
          expect(unexpectedConsoleErrors(fuzz.consoleErrors().mock.calls)).toEqual([]);
          expect(domDepth(container)).toBeLessThan(80);
        } finally {
          cleanup();
        }
      }),
      fuzzParameters(FUZZ_RUNS.richText.randomDocuments),
    );
  });
});

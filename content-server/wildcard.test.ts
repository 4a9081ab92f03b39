import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HttpError } from "./errors";
import { compileWildcard, MAX_PATTERN_LENGTH } from "./wildcard";

/** The reference the matcher must agree with: the regular expression the service used to build. */
function reference(pattern: string, text: string): boolean {
  const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${escaped.join(".*")}$`, "s").test(text);
}

describe("compileWildcard", () => {
  it("matches like Storyblok's wildcards: * is any run of characters, / included", () => {
    const cases: Array<[string, string, boolean]> = [
      ["articles/*", "articles/a/b", true],
      ["articles/*", "articles", false],
      ["*-00*", "articles/article-001", true],
      ["a.b", "axb", false],
      ["a*a", "a", false],
      ["a*a", "aa", true],
      ["*", "", true],
      ["**", "x", true],
      ["ab*ba", "aba", false],
      ["*abc*abd*", "abcabd", true],
      ["*abd*abc*", "abcabd", false],
    ];
    for (const [pattern, text, expected] of cases) {
      expect(compileWildcard(pattern, "by_slugs")(text), `${pattern} ~ ${text}`).toBe(expected);
    }
  });

  it("agrees with a regular expression on any pattern and text", () => {
    const alphabet = fc.constantFrom("a", "b", "/", "-", ".", "*");
    const text = fc.string({ unit: fc.constantFrom("a", "b", "/", "-", "."), maxLength: 24 });
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), text, (pattern, subject) => {
        expect(compileWildcard(pattern, "p")(subject)).toBe(reference(pattern, subject));
      }),
      { numRuns: 3000 },
    );
  });

  it("refuses patterns longer than the bound with 422", () => {
    expect(() => compileWildcard("a".repeat(MAX_PATTERN_LENGTH), "by_slugs")).not.toThrow();
    expect(() => compileWildcard("a".repeat(MAX_PATTERN_LENGTH + 1), "by_slugs")).toThrow(HttpError);
  });

  it("matches a pattern of many stars against a long text without backtracking", () => {
    // `a*a*a*...*b` against "aaaa...": a regular expression tries every split of the text
    const pattern = `${"a*".repeat(100)}b`;
    const text = "a".repeat(100_000);
    const matches = compileWildcard(pattern, "by_slugs");
    const started = performance.now();
    expect(matches(text)).toBe(false);
    expect(matches(`${text}b`)).toBe(true);
    // linear: 100,000 characters take well under a second (the regular expression does not finish in minutes)
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

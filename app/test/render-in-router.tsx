import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { RichText } from "~/components/rich-text/rich-text";
import { parseRichText } from "~/content/rich-text";
import { mockMatchMedia } from "./browser-mocks";

/** Renders `node` as a route at `path`: components with router links and hooks need one around them. */
export function renderInRouter(node: ReactNode, path = "/") {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{node}</> }]);
  return render(<Stub initialEntries={[path]} />);
}

/** A raw rich text field, sanitised and rendered as a page renders it (inside a router: links are router links). */
export function renderRichText(raw: unknown) {
  return renderInRouter(<RichText document={parseRichText(raw)} />);
}

/** Every test of the file runs with matchMedia (no query matches) and its globals restored after. */
export function withMatchMedia(): void {
  beforeEach(() => {
    mockMatchMedia();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

/** An element's attributes have these values; `srcset` only has to contain its value. */
export function expectAttributes(element: Element, expected: Record<string, string>): void {
  for (const [name, value] of Object.entries(expected)) {
    if (name === "srcset" || name === "data-srcset") expect(element.getAttribute(name), name).toContain(value);
    else expect(element.getAttribute(name), name).toBe(value);
  }
}

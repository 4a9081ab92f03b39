import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import { createScrollKey } from "./scroll-key";

const at = (hash: string, key: string): Location => ({
  pathname: "/articles/atlas",
  search: "",
  hash,
  key,
  state: null,
});

describe("the scroll restoration key", () => {
  it("is each page entry's own key, and the page's for the full-screen view's entries over it", () => {
    const scrollKey = createScrollKey();
    // a page reached by a client navigation, then a tile (the browser's entry: no key of its own), a step, closed
    expect(scrollKey(at("", "k2"))).toBe("k2");
    expect(scrollKey(at("#media-3", "default"))).toBe("k2");
    expect(scrollKey(at("#media-2-1", "default"))).toBe("k2");
    expect(scrollKey(at("#media", "default"))).toBe("k2");
    // another page: its own key, and its view's entries take it
    expect(scrollKey(at("", "k3"))).toBe("k3");
    expect(scrollKey(at("#media-1", "default"))).toBe("k3");
    // other fragments are entries of their own
    expect(scrollKey(at("#hero-slide-2", "k4"))).toBe("k4");
  });

  it("keeps a view the page was loaded with on its own key: there is no page entry beneath it", () => {
    expect(createScrollKey()(at("#media-2", "default"))).toBe("default");
  });
});

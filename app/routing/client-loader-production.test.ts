import { describe, expect, it, vi } from "vitest";
import { prerenderedOrFresh } from "./client-loader";

// a production build: published content, the content service's public token
vi.mock("~/content/content-config", () => ({
  contentConfig: { endpoint: "http://site/v2", token: "public", version: "published", local: true },
}));

const args = (url: string, serverLoader: () => Promise<unknown>) => ({ request: new Request(url), serverLoader });

describe("prerenderedOrFresh in a production build", () => {
  it.each(["http://site/about?_storyblok_tk[token]=x", "http://site/articles/hafenkino?_storyblok_tk=1"])(
    "ignores the visual editor's parameters and takes the prerendered data (%s)",
    async (url) => {
      const fresh = vi.fn((version: string) => `fresh ${version}`);
      await expect(
        prerenderedOrFresh(
          args(url, async () => "built"),
          fresh,
        ),
      ).resolves.toBe("built");
      expect(fresh).not.toHaveBeenCalled();
    },
  );

  it("fetches a page the build did not prerender as published content, editor parameters or not", async () => {
    const fresh = vi.fn((version: string, preview: boolean) => `fresh ${version} ${preview}`);
    const missing = () => Promise.reject(new Error("no .data file"));
    await expect(prerenderedOrFresh(args("http://site/articles/new?_storyblok_tk=1", missing), fresh)).resolves.toBe(
      "fresh published false",
    );
  });
});

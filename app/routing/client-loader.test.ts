import { describe, expect, it, vi } from "vitest";
import { contentConfig } from "~/content/content-config";
import { deferred, prerenderedOrFresh } from "./client-loader";

const args = (url: string, serverLoader: () => Promise<unknown>) => ({ request: new Request(url), serverLoader });

describe("prerenderedOrFresh", () => {
  it("takes the prerendered data and fetches nothing", async () => {
    const fresh = vi.fn();
    await expect(
      prerenderedOrFresh(
        args("http://site/", async () => "built"),
        fresh,
      ),
    ).resolves.toBe("built");
    expect(fresh).not.toHaveBeenCalled();
  });

  it("fetches fresh in the site's version when the page was not prerendered", async () => {
    const fresh = vi.fn((version: string) => `fresh ${version}`);
    const missing = () => Promise.reject(new Error("no .data file"));
    await expect(prerenderedOrFresh(args("http://site/new", missing), fresh)).resolves.toBe(
      `fresh ${contentConfig.version}`,
    );
  });

  it("fetches drafts in the visual editor without reading prerendered data", async () => {
    const serverLoader = vi.fn(async () => "built");
    const fresh = vi.fn((version: string) => `fresh ${version}`);
    await expect(prerenderedOrFresh(args("http://site/?_storyblok_tk[space_id]=1", serverLoader), fresh)).resolves.toBe(
      "fresh draft",
    );
    expect(serverLoader).not.toHaveBeenCalled();
  });
});

describe("deferred", () => {
  it("hands the promise over, and a failure before anyone awaits it is no unhandled rejection", async () => {
    const failing = deferred(Promise.reject(new Error("down")));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(failing).rejects.toThrow("down");
  });
});

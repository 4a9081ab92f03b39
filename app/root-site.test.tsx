import { afterEach, describe, expect, it, vi } from "vitest";
import { clientLoader, loader, meta } from "./root";
import { answerContentWith } from "./test/route-tests";

const asset = (file: string, alt: string) => ({
  filename: `https://a.storyblok.com/f/287401/1600x900/abc/${file}`,
  alt,
});

const STORIES: Record<string, unknown> = {
  "cdn/stories/header": {
    story: {
      id: 1,
      content: {
        body: [
          {
            component: "header_content",
            Logo: { filename: "https://a.storyblok.com/f/287401/120x24/ab/logo.svg", alt: "Halbton Logo" },
          },
        ],
      },
    },
  },
  "cdn/stories/footer": {
    story: { id: 2, content: { body: [{ component: "footer_content", Copyright: "© Studio" }] } },
  },
  "cdn/stories/home": {
    story: { id: 3, content: { body: [{ component: "hero", Image: [{ Image: asset("hero.webp", "Hero") }] }] } },
  },
};

function fakeClient(space: () => Promise<unknown>) {
  return answerContentWith(async (path: string) => {
    if (path === "cdn/spaces/me") return { data: await space() };
    if (path in STORIES) return { data: STORIES[path] };
    throw new Error(`unexpected ${path}`);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("root loader: the studio's name and the fallback share image", () => {
  it("names the studio after the space (one cdn/spaces/me request) and shares the home hero", async () => {
    const get = fakeClient(async () => ({ space: { id: 287401, name: "Studio Halbton" } }));
    const data = await loader({ request: new Request("http://site.test/") });
    expect(data.site.name).toBe("Studio Halbton");
    expect(data.site.image).toMatchObject({
      url: expect.stringContaining("hero.webp/m/1200x630/smart"),
      width: 1200,
      height: 630,
      alt: "Hero",
    });
    expect(get.mock.calls.filter(([path]) => path === "cdn/spaces/me")).toHaveLength(1);
    expect(data.header.logo?.alt).toBe("Halbton Logo");
  });

  it("falls back to the header logo's alt text when the space cannot be read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeClient(async () => Promise.reject(new Error("403")));
    const data = await loader({ request: new Request("http://site.test/") });
    expect(data.site.name).toBe("Halbton Logo");
    expect(console.warn).toHaveBeenCalled();
  });

  it("keeps the built site data in the visual editor, where header and footer are read as drafts", async () => {
    fakeClient(async () => ({ space: { name: "ignored" } }));
    const built = {
      ...(await loader({ request: new Request("http://site.test/") })),
      site: { name: "Built name", image: null },
    };
    const data = await clientLoader({
      request: new Request("http://site.test/?_storyblok_tk[token]=x"),
      serverLoader: async () => built,
    } as unknown as Parameters<typeof clientLoader>[0]);
    expect(data.site.name).toBe("Built name");
  });
});

describe("root meta (SPA fallback, error screens)", () => {
  it("titles the page with the studio's name and keeps a draft build out of search engines", () => {
    const tags = meta({ loaderData: { site: { name: "Studio Halbton", image: null } } } as unknown as Parameters<
      typeof meta
    >[0]);
    expect(tags).toContainEqual({ title: "Studio Halbton" });
    // the tests run with the default content version, draft
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});

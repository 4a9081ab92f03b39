import { afterEach, describe, expect, it, vi } from "vitest";
import { contentService, demoContentClient } from "~/test/content-service";
import * as storyblokClient from "./storyblok-client";
import { fetchLayout } from "./layout";

/** The header and footer queries against the live content service with the demo content. */
const client = demoContentClient;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fetchLayout", () => {
  it("reads the header entry into the header view model", async () => {
    const { header } = await fetchLayout(client(), "draft");
    expect(header.storyId).toEqual(expect.any(Number));
    expect(header.logo?.src).toMatch(new RegExp(`^${contentService.origin}/f/\\d+/\\d+x\\d+/\\w+/.+\\.svg$`));
    expect(header.logo?.alt).not.toBe("");
    expect(header.links.map((link) => link.href)).toEqual(["/index", "/about"]);
    expect(header.links.every((link) => link.internal && link.label.length > 0)).toBe(true);
    expect(header.burgerIcon?.src).toMatch(/\.svg$/);
    expect(header.closeIcon?.src).toMatch(/\.svg$/);
  });

  it("reads the footer entry into the footer view model", async () => {
    const { footer } = await fetchLayout(client(), "draft");
    expect(footer.text.length).toBeGreaterThan(0);
    expect(footer.imprint.href).toBe("/imprint");
    expect(footer.email?.href).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(footer.social?.href).toMatch(/^https:\/\//);
    expect(footer.social?.newTab).toBe(true);
    expect(footer.social?.icon?.src).toMatch(/\.svg$/);
    expect(footer.copyright).toMatch(/©/);
    expect(footer.logoBig.length).toBeGreaterThan(0);
  });

  it("asks for exactly the two entries, in the configured version", async () => {
    const requests: string[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return original(input, init);
    });
    await fetchLayout(client(), "published");
    const paths = requests.map((url) => {
      const parsed = new URL(url);
      return `${parsed.pathname}?version=${parsed.searchParams.get("version")}`;
    });
    expect(paths.sort()).toEqual([
      "/v2/cdn/stories/footer?version=published",
      "/v2/cdn/stories/header?version=published",
    ]);
  });

  it("rejects with a readable message when the token is wrong", async () => {
    await expect(fetchLayout(client("wrong-token"), "draft")).rejects.toThrow(
      /^Header\/footer: Der Inhaltsdienst antwortete mit 401/,
    );
  });

  it("rejects with a readable message when the service cannot be reached", async () => {
    const unreachable = storyblokClient.createContentClient({
      endpoint: "http://127.0.0.1:9/v2",
      token: "x",
      version: "draft",
      local: true,
    });
    await expect(fetchLayout(unreachable, "draft")).rejects.toThrow(
      /^Header\/footer: Der Inhaltsdienst ist nicht erreichbar/,
    );
  });
});

describe("the root loader", () => {
  it("returns the header and footer view models through the site's client", async () => {
    // the site's client, which the root loader hands the content code, reads the demo content
    vi.spyOn(storyblokClient, "contentClient").mockReturnValue(client());
    const { loader } = await import("../root");
    const data = await loader({ request: new Request("http://site.test/") });
    expect(data.header.links.map((link) => link.href)).toEqual(["/index", "/about"]);
    expect(data.footer.imprint.href).toBe("/imprint");
    // plain data: it is serialised into the prerendered HTML
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });
});

describe("contentClient without a token", () => {
  it("logs the SDK's missing-token error and fails loudly", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() =>
      storyblokClient.createContentClient({
        endpoint: contentService.endpoint,
        token: "",
        version: "draft",
        local: true,
      }),
    ).toThrow(/access token is missing/);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("You need to provide an access token"));
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INLINE_SVG_MAX_BYTES, inlineHeaderIcons } from "./inline-icons";
import { parseHeaderContent, type HeaderView } from "./layout";

/** The header's SVG icons against a local asset host: which become data URIs, which stay links. */

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#17171A"/></svg>';

const files: Record<string, { type: string; body: string } | "stall"> = {
  "/f/1/10x10/a/logo.svg": { type: "image/svg+xml", body: LOGO },
  "/f/1/10x10/b/burger.svg": { type: "image/svg+xml; charset=utf-8", body: LOGO.replace("circle", "rect") },
  "/f/1/10x10/c/large.svg": { type: "image/svg+xml", body: `<svg>${" ".repeat(INLINE_SVG_MAX_BYTES)}</svg>` },
  "/f/1/10x10/d/wrong-type.svg": { type: "text/html", body: "<html></html>" },
  "/f/1/10x10/e/stall.svg": "stall",
};

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const file = files[request.url ?? ""];
    if (file === "stall") return void response.writeHead(200, { "content-type": "image/svg+xml" });
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

function headerWith(logo: string, burger = "", close = "", host = origin): HeaderView {
  const asset = (filename: string) => ({ filename: filename && `${host}${filename}`, alt: "Studio" });
  return parseHeaderContent({
    component: "header",
    body: [{ component: "header_content", Logo: asset(logo), Burger: asset(burger), Close: asset(close) }],
  });
}

function quickFetch(input: string | URL | Request, init?: RequestInit) {
  return fetch(input, { ...init, signal: AbortSignal.timeout(500) });
}

describe("inlineHeaderIcons", () => {
  it("writes small SVG icons as data URIs and keeps alt text and size", async () => {
    const header = await inlineHeaderIcons(headerWith("/f/1/10x10/a/logo.svg", "/f/1/10x10/b/burger.svg"), {
      fetchAsset: quickFetch,
    });
    expect(header.logo?.dataUri).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(header.logo?.dataUri ?? "")).toContain("circle");
    // the URL stays for what names the asset (structured data)
    expect(header.logo).toMatchObject({ src: `${origin}/f/1/10x10/a/logo.svg`, alt: "Studio", width: 10, height: 10 });
    expect(decodeURIComponent(header.burgerIcon?.dataUri ?? "")).toContain("rect");
    expect(header.closeIcon).toBeNull();
  });

  it("reads a root-relative asset from the content service's origin", async () => {
    const header = await inlineHeaderIcons(headerWith("/f/1/10x10/a/logo.svg", "", "", ""), {
      fetchAsset: quickFetch,
      assetOrigin: origin,
    });
    expect(decodeURIComponent(header.logo?.dataUri ?? "")).toContain("circle");
  });

  it("keeps the link for a file over the limit, another type, a missing file or a stalled answer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const path of [
      "/f/1/10x10/c/large.svg",
      "/f/1/10x10/d/wrong-type.svg",
      "/f/1/10x10/x/missing.svg",
      "/f/1/10x10/e/stall.svg",
    ]) {
      const header = await inlineHeaderIcons(headerWith(path), { fetchAsset: quickFetch });
      expect(header.logo?.src).toBe(`${origin}${path}`);
      expect(header.logo?.dataUri).toBeUndefined();
    }
    // the large file is a choice, not a failure; the other three say why they stay links
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it("asks nothing for images that are not SVG files", async () => {
    const fetchAsset = vi.fn(quickFetch);
    const header = await inlineHeaderIcons(headerWith("/f/1/10x10/f/logo.png"), { fetchAsset });
    expect(header.logo?.dataUri).toBeUndefined();
    expect(fetchAsset).not.toHaveBeenCalled();
  });
});

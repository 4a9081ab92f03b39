import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MANIFEST_FILE, commonSecurityHeaders, readManifestEntries } from "./headers-manifest";
import { tempDirOfTests } from "../test-support/temp-dir";

const dir = tempDirOfTests("headers-manifest-", "all");
afterAll(async () => {});

describe("commonSecurityHeaders", () => {
  it("production: no noindex, X-Frame-Options for old browsers", () => {
    const headers = commonSecurityHeaders("production");
    expect(headers["X-Robots-Tag"]).toBeUndefined();
    expect(headers["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(headers["Cross-Origin-Resource-Policy"]).toBe("same-origin");
    expect(headers["Permissions-Policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  });

  it("preview: noindex, and no X-Frame-Options (it cannot name the editor)", () => {
    const headers = commonSecurityHeaders("preview");
    expect(headers["X-Robots-Tag"]).toMatch(/noindex/);
    expect(headers["X-Frame-Options"]).toBeUndefined();
  });

  it("sends HSTS only over https", () => {
    expect(commonSecurityHeaders("production")["Strict-Transport-Security"]).toBeUndefined();
    expect(commonSecurityHeaders("production", { https: true })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

describe("readManifestEntries", () => {
  it("refuses text that is not a manifest with a clear message, and answers null when there is none", async () => {
    for (const text of ['{"version": 1, "mode": ', "{}", '{"version": 2, "documents": {}}', "[1]"]) {
      await writeFile(path.join(dir(), MANIFEST_FILE), text);
      await expect(
        readManifestEntries(path.join(dir(), MANIFEST_FILE), () => undefined),
        text,
      ).rejects.toThrow(/is not a security headers manifest/);
    }
    expect(await readManifestEntries(path.join(dir(), "missing.json"), () => undefined)).toBeNull();
  });
});

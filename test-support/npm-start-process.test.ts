import { describe, expect, it } from "vitest";
import { parseNpmStartOutput } from "./npm-start-process";

const BUILT = "Content service: http://localhost:41234/v2 (14 stories from /tmp/x/content)\nBuilt in 8.1 s\n";

describe("parseNpmStartOutput", () => {
  it("is null until the publish webhook line, the last of the setup, is printed", () => {
    expect(parseNpmStartOutput(BUILT)).toBeNull();
    expect(parseNpmStartOutput(`${BUILT}\n  Site:            http://localhost:3000 (preview build)\n`)).toBeNull();
  });

  it("reads the site's address and the content service's port, on 127.0.0.1", () => {
    const output =
      `${BUILT}\n  Site:            http://0.0.0.0:38211 (preview build: drafts, noindex)\n` +
      "  Content service: http://localhost:41234/v2\n  Publish webhook: POST http://0.0.0.0:38211/webhooks/storyblok\n";
    expect(parseNpmStartOutput(output)).toEqual({
      siteUrl: "http://0.0.0.0:38211",
      sitePort: 38211,
      contentOrigin: "http://127.0.0.1:41234",
    });
  });

  it("has no content origin when the site reads Storyblok", () => {
    const output =
      "Content: Storyblok (STORYBLOK_TOKEN is set)\n  Site:            http://localhost:3000 (production build)\n" +
      "  Publish webhook: POST http://localhost:3000/webhooks/storyblok\n";
    expect(parseNpmStartOutput(output)).toMatchObject({ siteUrl: "http://localhost:3000", contentOrigin: null });
  });
});

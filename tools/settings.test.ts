import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError } from "../settings/env-variables";
import { DEV_VARIABLES, START_VARIABLES } from "./settings";

describe("npm start's settings", () => {
  it("defaults: the site on 127.0.0.1:3000, the content service on 4100, build/", () => {
    expect(parseSettings(START_VARIABLES, {})).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      SITE_BUILD_DIR: "build",
      STORYBLOK_TOKEN: undefined,
      CONTENT_PORT: 4100,
      CONTENT_DIR: "content",
    });
  });

  it("refuses a bad port of the site or of the content service, naming it", () => {
    expect(() => parseSettings(START_VARIABLES, { PORT: "80", CONTENT_PORT: "99999" })).toThrow(
      new SettingsError('CONTENT_PORT must be a port number from 0 to 65535, not "99999"'),
    );
  });

  it("does not read the content service's variables it sets itself, so a bad value there does not stop it", () => {
    const settings = parseSettings(START_VARIABLES, {
      CONTENT_WEBHOOKS: "not a URL",
      CONTENT_PUBLIC_ORIGIN: "ftp://nowhere",
      CONTENT_WEBHOOK_SECRET: "ignored",
    });
    const read = Object.keys(settings).filter((name) => /^CONTENT_(WEBHOOKS|PUBLIC_ORIGIN|WEBHOOK_SECRET)$/.test(name));
    expect(read).toEqual([]);
  });
});

describe("npm run dev's settings", () => {
  it("defaults: Vite on 5173, its own host, the content service's defaults", () => {
    expect(parseSettings(DEV_VARIABLES, {})).toMatchObject({ PORT: 5173, HOST: undefined, CONTENT_PORT: 4100 });
  });

  it("does not read CONTENT_PUBLIC_ORIGIN: its service writes asset URLs on its own origin", () => {
    expect(parseSettings(DEV_VARIABLES, { CONTENT_PUBLIC_ORIGIN: "ftp://nowhere" })).not.toHaveProperty(
      "CONTENT_PUBLIC_ORIGIN",
    );
  });

  it("refuses a bad port, naming it", () => {
    expect(() => parseSettings(DEV_VARIABLES, { PORT: "vite" })).toThrow(
      new SettingsError('PORT must be a port number from 0 to 65535, not "vite"'),
    );
  });
});

import { describe, expect, it } from "vitest";
import { parseSettings, SettingsError } from "../settings/env-variables";
import { SITE_SERVER_VARIABLES } from "./settings";

describe("npm run serve's settings", () => {
  it("serves on 127.0.0.1:3000 without a webhook secret by default", () => {
    expect(parseSettings(SITE_SERVER_VARIABLES, {})).toEqual({
      PORT: 3000,
      HOST: "127.0.0.1",
      STORYBLOK_WEBHOOK_SECRET: undefined,
    });
  });

  it("reads PORT, HOST and the secret", () => {
    expect(
      parseSettings(SITE_SERVER_VARIABLES, { PORT: "0", HOST: "0.0.0.0", STORYBLOK_WEBHOOK_SECRET: " s " }),
    ).toEqual({ PORT: 0, HOST: "0.0.0.0", STORYBLOK_WEBHOOK_SECRET: "s" });
  });

  it("refuses a bad port, naming it", () => {
    expect(() => parseSettings(SITE_SERVER_VARIABLES, { PORT: "3000x" })).toThrow(
      new SettingsError('PORT must be a port number from 0 to 65535, not "3000x"'),
    );
  });
});

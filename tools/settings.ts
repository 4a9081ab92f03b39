import { CONTENT_SERVER_VARIABLES } from "../content-server/settings";
import { BUILD_VARIABLES } from "../pipeline/build-settings";
import { SITE_SERVER_VARIABLES } from "../site-server/settings";
import { DEFAULT_DEV_PORT } from "../settings/defaults";
import { envVariable, optionalText, port } from "../settings/env-variables";

/**
 * The settings of `npm start` and `npm run dev`, one schema each, parsed once where they start
 * (start.ts, dev.ts). Both read the content service's variables too: they parse them and hand the
 * service its options serialized (content-server/child-process.ts). Neither reads a variable whose
 * value it sets for the service itself, so a bad value there stops neither.
 */

// npm start points the service's webhooks, signed with the site's secret, at the site, and has it write
// root-relative asset URLs, which the site forwards
const {
  CONTENT_PUBLIC_ORIGIN: _setByStart,
  CONTENT_WEBHOOKS: _sentToTheSite,
  CONTENT_WEBHOOK_SECRET: _theSitesSecret,
  ...CONTENT_VARIABLES_OF_START
} = CONTENT_SERVER_VARIABLES;
// npm run dev has the service write asset URLs on its own origin: Vite's dev server does not forward /f/
const { CONTENT_PUBLIC_ORIGIN: _setByDev, ...CONTENT_VARIABLES_OF_DEV } = CONTENT_SERVER_VARIABLES;

export const START_VARIABLES = {
  PORT: SITE_SERVER_VARIABLES.PORT,
  HOST: SITE_SERVER_VARIABLES.HOST,
  STORYBLOK_TOKEN: BUILD_VARIABLES.STORYBLOK_TOKEN,
  SITE_BUILD_DIR: BUILD_VARIABLES.SITE_BUILD_DIR,
  START_READY_FILE: envVariable(
    optionalText,
    "unset",
    "a file `npm start` writes once the site is served with publish to live, `{siteUrl, sitePort, contentOrigin}` as JSON (`tools/start-ready.ts`); the checks that run `npm start` wait for it",
  ),
  ...CONTENT_VARIABLES_OF_START,
} as const;

export const DEV_VARIABLES = {
  PORT: envVariable(
    port(DEFAULT_DEV_PORT),
    `\`${DEFAULT_DEV_PORT}\``,
    "port of Vite's dev server (`react-router dev --port`)",
  ),
  // unset: Vite's own default (localhost)
  HOST: envVariable(optionalText, "Vite's", "address Vite's dev server binds to (`react-router dev --host`)"),
  STORYBLOK_TOKEN: BUILD_VARIABLES.STORYBLOK_TOKEN,
  ...CONTENT_VARIABLES_OF_DEV,
} as const;

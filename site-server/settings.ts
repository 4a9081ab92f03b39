import { DEFAULT_HOST, DEFAULT_SITE_PORT } from "../settings/defaults";
import { envVariable, port, textOr } from "../settings/env-variables";
import { STORYBLOK_WEBHOOK_SECRET } from "../settings/shared-variables";

/**
 * `npm run serve`'s settings (site-server/main.ts parses them once); `npm start` serves the site with the
 * same PORT and HOST (tools/settings.ts). Their descriptions are the README's table (tools/schema/variables-table.ts).
 */
export const SITE_SERVER_VARIABLES = {
  PORT: envVariable(
    port(DEFAULT_SITE_PORT),
    `\`${DEFAULT_SITE_PORT}\``,
    "port of the site (`0`: a free one; `npm run dev`: Vite's, default 5173)",
  ),
  HOST: envVariable(
    textOr(DEFAULT_HOST),
    `\`${DEFAULT_HOST}\``,
    "address the site binds to; `0.0.0.0` to reach it from other machines (media and API are forwarded on the site's origin, see `npm start`; `npm run dev`: Vite's, default localhost)",
  ),
  STORYBLOK_WEBHOOK_SECRET,
} as const;

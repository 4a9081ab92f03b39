import { DEFAULT_CONTENT_PORT } from "./defaults";
import { envVariable, optionalText, port, textOr } from "./env-variables";

/**
 * Variables more than one program reads, each defined once: every program's schema that reads one lists
 * this entry (the README's table names the programs: tools/schema/variables-table.ts).
 */

export const STORYBLOK_WEBHOOK_SECRET = envVariable(
  optionalText,
  "unset",
  "the webhook secret set in Storyblok: the site server then refuses webhooks without its `webhook-signature` (401); `npm start` signs its content service's webhooks with it (unset: with one it makes per run), `npm run content` unless `CONTENT_WEBHOOK_SECRET` is set",
  { secret: true },
);

export const CONTENT_PORT = envVariable(
  port(DEFAULT_CONTENT_PORT),
  `\`${DEFAULT_CONTENT_PORT}\``,
  "port of the local content service (`0`: a free one); the build reads it to find the service",
);

export const CONTENT_DIR = envVariable(
  textOr("content"),
  "`content/`",
  "the content folder the local service serves (the build reads its `space.json` for the tokens)",
);

import * as v from "valibot";
import { DEFAULT_HOST } from "../settings/defaults";
import {
  envVariable,
  flag,
  optionalText,
  parsedWith,
  settingsOrExit,
  textOr,
  type SettingsOf,
} from "../settings/env-variables";
import { CONTENT_DIR, CONTENT_PORT, STORYBLOK_WEBHOOK_SECRET } from "../settings/shared-variables";
import { parseFaultsEnv } from "./faults";
import { normalisePublicOrigin } from "./http-utils";
import { parseRateLimit } from "./rate-limit";
import { parseWebhookUrls } from "./webhooks";
import type { ContentServerOptions } from "./content-server";

/**
 * The content service's settings (`npm run content`; `npm start` and `npm run dev` parse them too and hand
 * the result to the process they start: child-process.ts). One schema, its descriptions the README's table
 * (tools/schema/variables-table.ts).
 */
export const CONTENT_SERVER_VARIABLES = {
  CONTENT_PORT,
  CONTENT_HOST: envVariable(textOr(DEFAULT_HOST), `\`${DEFAULT_HOST}\``, "address the local content service binds to"),
  CONTENT_DIR,
  CONTENT_PUBLIC_ORIGIN: envVariable(
    parsedWith(
      // "/" is root-relative (""), unset the service's own origin
      (raw) => (raw === "/" ? "" : raw === undefined ? undefined : normalisePublicOrigin(raw)),
      'must be an http(s) origin such as https://content.example, or "/" for root-relative URLs',
    ),
    "its own origin",
    "origin of its asset URLs and redirects, never the request's `Host`; `/` for root-relative ones (`npm start` sets it: the site forwards them)",
  ),
  CONTENT_RATE_LIMIT: envVariable(
    v.pipe(
      v.optional(v.string()),
      v.transform((raw) => raw?.trim() || "off"),
      v.check(isRateLimit, 'must be "off", "storyblok" or a positive number of requests per second'),
      v.transform((raw: string) => parseRateLimit(raw)),
    ),
    "`off`",
    "`off`, `storyblok` (Storyblok's tiers) or requests per second",
  ),
  CONTENT_FAULTS: envVariable(
    parsedWith(parseFaultsEnv, "must be fault settings in JSON"),
    "unset",
    "fault injection (JSON, `content-server/README.md`)",
  ),
  CONTENT_ADMIN_TOKEN: envVariable(
    v.pipe(
      optionalText,
      v.check(
        (token) => token === undefined || (token.length >= 8 && !/\s/.test(token)),
        "must be at least 8 characters without spaces",
      ),
    ),
    "random, printed",
    "the token of the content service's `/__admin/` routes",
    { secret: true },
  ),
  CONTENT_IMAGE_CACHE_DIR: envVariable(optionalText, "temp folder", "where the content service keeps rendered images"),
  CONTENT_IMAGE_CACHE_MB: envVariable(
    v.pipe(
      optionalText,
      v.check(
        (mb) => mb === undefined || (/^\d{1,7}$/.test(mb) && Number(mb) >= 1),
        "must be a whole number of megabytes",
      ),
      v.transform((mb) => (mb === undefined ? undefined : Number(mb) * 1024 * 1024)),
    ),
    "`256`",
    "how many megabytes of rendered images it keeps",
  ),
  CONTENT_WEBHOOKS: envVariable(
    parsedWith(parseWebhookUrls, "must be http(s) URLs separated by commas"),
    "unset",
    "where the content service posts Storyblok's webhooks when a story file changes ([below](#webhooks-from-the-content-service))",
  ),
  CONTENT_WEBHOOK_SECRET: envVariable(
    optionalText,
    "`STORYBLOK_WEBHOOK_SECRET`",
    "the secret that signs them; unset, they are not signed",
    { secret: true },
  ),
  // the same secret the site server checks Storyblok's webhooks with, unless the service has its own
  STORYBLOK_WEBHOOK_SECRET,
  CONTENT_LOG: envVariable(flag, "unset", "`1`: the content service logs every request"),
} as const;

function isRateLimit(raw: string): boolean {
  try {
    parseRateLimit(raw);
    return true;
  } catch {
    return false;
  }
}

export type ContentServerSettings = SettingsOf<typeof CONTENT_SERVER_VARIABLES>;

/** The options startContentServer takes, from the parsed settings. */
export function contentServerOptions(settings: ContentServerSettings): ContentServerOptions {
  const options: ContentServerOptions = {
    port: settings.CONTENT_PORT,
    host: settings.CONTENT_HOST,
    contentDir: settings.CONTENT_DIR,
    rateLimit: settings.CONTENT_RATE_LIMIT,
    faults: settings.CONTENT_FAULTS,
    webhooks: settings.CONTENT_WEBHOOKS,
    logRequests: settings.CONTENT_LOG,
  };
  if (settings.CONTENT_PUBLIC_ORIGIN !== undefined) options.publicOrigin = settings.CONTENT_PUBLIC_ORIGIN;
  if (settings.CONTENT_ADMIN_TOKEN) options.adminToken = settings.CONTENT_ADMIN_TOKEN;
  if (settings.CONTENT_IMAGE_CACHE_DIR) options.imageCacheDir = settings.CONTENT_IMAGE_CACHE_DIR;
  if (settings.CONTENT_IMAGE_CACHE_MB) options.imageCacheMaxBytes = settings.CONTENT_IMAGE_CACHE_MB;
  const secret = settings.CONTENT_WEBHOOK_SECRET ?? settings.STORYBLOK_WEBHOOK_SECRET;
  if (secret) options.webhookSecret = secret;
  return options;
}

/** The content service's options from `env`, or a message naming the bad variable and exit code 2. */
export function contentServerOptionsOrExit(env: NodeJS.ProcessEnv = process.env): ContentServerOptions {
  return contentServerOptions(settingsOrExit("content-server", CONTENT_SERVER_VARIABLES, env));
}

/**
 * The variable in which a parent hands the service's process its options, serialized (child-process.ts): in its
 * environment, which only its own user can read, and not on its command line, which every user of the machine
 * can (`ps`, /proc/{pid}/cmdline): the options carry the webhook secret and the admin token.
 */
export const OPTIONS_VARIABLE = "CONTENT_SERVER_OPTIONS_JSON";

/**
 * What a parent hands the service's process, serialized in OPTIONS_VARIABLE: the options (it parsed them from
 * its own environment) and whether to send each answer to the parent over IPC (options' `onAnswer` is a
 * function, which does not serialize).
 */
export interface ServiceProcessSettings {
  options: ContentServerOptions;
  answersToParent: boolean;
}

/**
 * main.ts's settings: what a parent serialized in OPTIONS_VARIABLE (the options as it parsed them; only their
 * envelope is checked here), else the environment's. Not of that shape: a message and exit code 2.
 */
export function serviceProcessSettings(env: NodeJS.ProcessEnv = process.env): ServiceProcessSettings {
  const serialized = env[OPTIONS_VARIABLE];
  if (serialized === undefined) return { options: contentServerOptionsOrExit(env), answersToParent: false };
  const handed = v.safeParse(SERIALIZED_SETTINGS, serialized);
  if (handed.success) return handed.output as ServiceProcessSettings;
  console.error(`content-server: ${OPTIONS_VARIABLE} must be { options: {...}, answersToParent: boolean } in JSON`);
  process.exit(2);
}

const SERIALIZED_SETTINGS = v.pipe(
  v.string(),
  v.parseJson(),
  v.object({ options: v.looseObject({}), answersToParent: v.boolean() }),
);

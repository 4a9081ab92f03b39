import { PullError } from "./errors";

/** Where content:pull reads from: a Storyblok region's API, or any API base (a local content service). */

export const REGION_HOSTS = {
  eu: "api.storyblok.com",
  us: "api-us.storyblok.com",
  ca: "api-ca.storyblok.com",
  ap: "api-ap.storyblok.com",
  cn: "app.storyblokchina.cn",
} as const;
export type Region = keyof typeof REGION_HOSTS;

export function resolveEndpoint(options: { apiUrl?: string; region?: Region }): string {
  if (options.apiUrl !== undefined) {
    if (options.region !== undefined) throw new PullError("usage", "Give either --region or --api-url, not both");
    let url: URL;
    try {
      url = new URL(options.apiUrl);
    } catch {
      throw new PullError(
        "usage",
        `--api-url must be a URL such as https://api.storyblok.com/v2, got "${options.apiUrl}"`,
      );
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new PullError("usage", `--api-url must be http(s), got "${url.protocol}"`);
    const base = url.pathname.replace(/\/+$/, "");
    return `${url.origin}${base === "" ? "/v2" : base}`;
  }
  return `https://${REGION_HOSTS[checkRegion(options.region ?? "eu")]}/v2`;
}

/** `region` if it is one of Storyblok's regions; a usage error naming them otherwise. */
export function checkRegion(region: string): Region {
  if (!Object.hasOwn(REGION_HOSTS, region))
    throw new PullError("usage", `--region must be one of ${Object.keys(REGION_HOSTS).join(", ")}, got "${region}"`);
  return region as Region;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The origins the API's own server answers at: its origin, and for a server
 * on this machine its other loopback names on the same port, since the local
 * content service announces `http://localhost:{port}` but writes
 * `http://127.0.0.1:{port}` into its asset URLs.
 */
export function serviceOrigins(endpoint: string): string[] {
  const url = new URL(endpoint);
  if (!isLoopback(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : "";
  const aliases = LOOPBACK_NAMES.map((name) => `${url.protocol}//${name}${port}`);
  return [url.origin, ...aliases.filter((origin) => origin !== url.origin)];
}

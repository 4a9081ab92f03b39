import path from "node:path";
import type { TestProject } from "vitest/node";
import { startContentServer } from "../content-server/content-server";
import { readLocalSpace } from "../pipeline/content-config";

/**
 * Vitest global setup for loader tests: the local content service on a free
 * loopback port with the demo content. Tests read it with
 * `inject("contentService")`.
 */
export default async function setup(project: TestProject) {
  const contentDir = path.resolve("content");
  const space = readLocalSpace(contentDir);
  const server = await startContentServer({ port: 0, host: "127.0.0.1", contentDir });
  const origin = server.url.replace(/\/v2\/?$/, "").replace(/\/$/, "");
  project.provide("contentService", {
    endpoint: `${origin}/v2`,
    origin,
    previewToken: space.previewToken,
    publicToken: space.publicToken,
  });
  return () => server.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    contentService: {
      endpoint: string;
      origin: string;
      previewToken: string;
      publicToken: string;
    };
  }
}

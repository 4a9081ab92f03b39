import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import type { ContentServerHandle } from "../../content-server/content-server";

/**
 * What the content:pull tests expect of an export: the same files as the demo
 * content folder, and a content service on it that answers what the source
 * answers.
 */

export const CONTENT = path.resolve("content");

export async function files(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  const out: string[] = [];
  for (const name of names) if ((await lstat(path.join(dir, name))).isFile()) out.push(name.split(path.sep).join("/"));
  return out.sort();
}

export async function expectSameAssets(exported: string): Promise<number> {
  const expected = await files(path.join(CONTENT, "assets"));
  expect(await files(path.join(exported, "assets"))).toEqual(expected);
  for (const rel of expected) {
    const [a, b] = await Promise.all([
      readFile(path.join(CONTENT, "assets", rel)),
      readFile(path.join(exported, "assets", rel)),
    ]);
    expect(b.equals(a), rel).toBe(true);
  }
  return expected.length;
}

export async function expectSameStoryFiles(exported: string): Promise<void> {
  const expected = (await files(path.join(CONTENT, "stories"))).filter((f) => f.endsWith(".json"));
  expect(await files(path.join(exported, "stories"))).toEqual(expected);
  for (const rel of expected) {
    const [a, b] = await Promise.all([
      readFile(path.join(CONTENT, "stories", rel), "utf8"),
      readFile(path.join(exported, "stories", rel), "utf8"),
    ]);
    expect(JSON.parse(b), rel).toEqual(JSON.parse(a));
  }
}

export async function expectSameFoldersAndDatasources(exported: string): Promise<void> {
  const json = async (dir: string, rel: string) => JSON.parse(await readFile(path.join(dir, rel), "utf8")) as unknown;
  expect(await json(exported, "folders.json")).toEqual(await json(CONTENT, "folders.json"));
  const names = (await readdir(path.join(CONTENT, "datasources"))).sort();
  expect((await readdir(path.join(exported, "datasources"))).sort()).toEqual(names);
  for (const name of names) {
    expect(await json(exported, `datasources/${name}`), name).toEqual(await json(CONTENT, `datasources/${name}`));
  }
}

export type Json = Record<string, unknown>;

export async function get(
  server: ContentServerHandle,
  route: string,
  params: Record<string, string>,
): Promise<{ body: Json; headers: Headers }> {
  const query = new URLSearchParams({ token: server.previewToken, ...params });
  const res = await fetch(`${server.apiUrl}/${route}?${query}`);
  expect(res.status, route).toBe(200);
  // asset URLs carry each service's own origin
  const text = (await res.text()).replaceAll(`${server.url}/f/`, "https://assets.test/f/");
  return { body: JSON.parse(text) as Json, headers: res.headers };
}

/** Every story of a version by full_slug, paged like getAll. */
export async function allStories(
  server: ContentServerHandle,
  version: string,
  token = server.previewToken,
  language?: string,
): Promise<Map<string, Json>> {
  const out = new Map<string, Json>();
  for (let page = 1; ; page++) {
    const { body, headers } = await get(server, "cdn/stories", {
      version,
      per_page: "25",
      page: String(page),
      token,
      ...(language ? { language } : {}),
    });
    for (const story of body.stories as Json[]) out.set(story.full_slug as string, story);
    if (page * 25 >= Number(headers.get("total"))) return out;
  }
}

/** Both services answer the same stories in both versions. */
export async function expectSameStories(a: ContentServerHandle, b: ContentServerHandle): Promise<void> {
  for (const version of ["draft", "published"]) {
    const [storiesA, storiesB] = await Promise.all([allStories(a, version), allStories(b, version)]);
    expect([...storiesB.keys()].sort()).toEqual([...storiesA.keys()].sort());
    for (const [slug, story] of storiesA) expect(storiesB.get(slug), `${version} ${slug}`).toEqual(story);
  }
}

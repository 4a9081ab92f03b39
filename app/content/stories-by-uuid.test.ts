import type { StoryblokClient } from "@storyblok/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storiesByUuids, UUID_BATCH_SIZE } from "./stories-by-uuid";
import { articleStory, fakeCdn } from "~/test/fake-cdn";

const story = articleStory;

const uuids = (count: number) => Array.from({ length: count }, (_, n) => `uuid-${n}`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("storiesByUuids", () => {
  it("asks for 50 uuids per request: 120 uuids take 3 requests", async () => {
    const all = uuids(120);
    const { get, client } = fakeCdn(all.map((uuid) => story(uuid)));
    const found = await storiesByUuids(client, all, "published");
    expect(UUID_BATCH_SIZE).toBe(50);
    expect(get).toHaveBeenCalledTimes(3);
    const batches = get.mock.calls.map(([, params]) => (params.by_uuids as string).split(","));
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(all);
    for (const [path, params] of get.mock.calls) {
      expect(path).toBe("cdn/stories");
      expect(params).toMatchObject({ per_page: 100, version: "published" });
    }
    expect(found.size).toBe(120);
    expect(found.get("uuid-7")?.name).toBe("Name uuid-7");
  });

  it("asks once per uuid, never for duplicates or blanks, and not at all for none", async () => {
    const { get, client } = fakeCdn([story("a")]);
    await storiesByUuids(client, ["a", "a", "", "a"], "draft");
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![1].by_uuids).toBe("a");
    await storiesByUuids(client, [], "draft");
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("logs a failed batch and leaves its uuids out", async () => {
    let call = 0;
    const get = vi.fn(async (_path: string, params: Record<string, unknown>) => {
      call += 1;
      if (call === 1) throw { message: "Service Unavailable", status: 503 };
      return { data: { stories: (params.by_uuids as string).split(",").map((uuid) => story(uuid)) } };
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const found = await storiesByUuids({ get } as unknown as StoryblokClient, uuids(60), "published");
    expect(found.size).toBe(10);
    expect(log).toHaveBeenCalled();
  });

  it("skips malformed stories in an answer", async () => {
    const { client } = fakeCdn([], {
      "cdn/stories": { stories: [null, "x", { name: "no uuid" }, story("ok", { tag_list: "Poster", content: 5 })] },
    });
    const found = await storiesByUuids(client, ["ok"], "published");
    expect([...found.keys()]).toEqual(["ok"]);
    expect(found.get("ok")).toMatchObject({ tag_list: [], content: {} });
  });
});

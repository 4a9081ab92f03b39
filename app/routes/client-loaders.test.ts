import { afterEach, describe, expect, it, vi } from "vitest";
import { answerContentWith, clientLoaderArgs } from "~/test/route-tests";
import { clientLoader as rootClientLoader } from "~/root";
import { clientLoader as aboutClientLoader } from "./about";
import { clientLoader as articleClientLoader } from "./article";
import { clientLoader as homeClientLoader } from "./home";
import { clientLoader as imprintClientLoader } from "./imprint";
import { clientLoader as indexClientLoader } from "./index";

/**
 * Every route's client loader takes the prerendered data when there is some
 * (app/routing/client-loader.ts): a navigation reads a static .data file and
 * asks the content service nothing. Each route's own tests cover what it
 * fetches fresh.
 */

type AnyClientLoader = (args: never) => Promise<unknown>;

const ROUTES: Array<[string, AnyClientLoader, string, Record<string, string>]> = [
  ["root", rootClientLoader, "http://site/", {}],
  ["home", homeClientLoader, "http://site/", {}],
  ["index", indexClientLoader, "http://site/index", {}],
  ["imprint", imprintClientLoader, "http://site/imprint", {}],
  ["about", aboutClientLoader, "http://site/about", {}],
  ["article", articleClientLoader, "http://site/articles/hafenkino", { slug: "hafenkino" }],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("client loaders", () => {
  it.each(ROUTES)(
    "%s: uses the prerendered data without asking the content service",
    async (_route, loader, url, params) => {
      const get = answerContentWith();
      const prerendered = { page: "the prerendered data" };
      const serverLoader = vi.fn(async () => prerendered);
      await expect(loader(clientLoaderArgs(url, serverLoader, params))).resolves.toBe(prerendered);
      expect(serverLoader).toHaveBeenCalledTimes(1);
      expect(get).not.toHaveBeenCalled();
    },
  );
});

import type { StoryblokClient } from "@storyblok/react";
import { act, screen } from "@testing-library/react";
import { expect, vi } from "vitest";
import * as storyblokClient from "~/content/storyblok-client";

/** Helpers of the route modules' tests: their loaders' data, arguments and content client. */

/** A value on its way (a client loader's promise) and the function that delivers it. */
export function pendingValue<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((fulfil) => {
    resolve = fulfil;
  });
  return { promise, resolve };
}

/** What React Router hands a client loader: a request for `url`, the route's params and its server loader. */
export function clientLoaderArgs<Args>(
  url: string,
  serverLoader: () => Promise<unknown>,
  params: Record<string, string> = {},
): Args {
  return { request: new Request(url), params, serverLoader } as unknown as Args;
}

/**
 * The routes' queries go to `get` (a content client that answers nothing
 * else): the site's client that route loaders hand the content code
 * (app/routing/site-client.ts) is replaced until the mocks are restored.
 */
export function answerContentWith(get: (path: string, params: Record<string, unknown>) => unknown = vi.fn()) {
  const spy = vi.fn(get);
  vi.spyOn(storyblokClient, "contentClient").mockReturnValue({ get: spy } as unknown as StoryblokClient);
  return spy;
}

/** The root route's match in a meta function's `matches`: the studio is "Studio Halbton", with no share image. */
export const ROOT_MATCH = { id: "root", loaderData: { site: { name: "Studio Halbton", image: null } } };

/** A route's meta tags for `loaderData`, under the root match, at `location` (a German page unless given). */
export function metaFor<Meta extends (args: never) => unknown>(meta: Meta, loaderData: unknown, extra: object = {}) {
  const args = { loaderData, matches: [ROOT_MATCH], location: { pathname: "/" }, ...extra };
  return meta(args as unknown as Parameters<Meta>[0]) as ReturnType<Meta>;
}

/**
 * Renders a page whose data is on its way: `loading` shows (and `whileLoading`
 * holds) until `value` arrives.
 */
export async function renderLoadingUntil<T>(
  renderPage: (data: Promise<T>) => void,
  loading: string,
  value: T,
  whileLoading: () => void | Promise<void> = () => {},
): Promise<void> {
  const { promise, resolve } = pendingValue<T>();
  await act(async () => {
    renderPage(promise);
  });
  // shown, not merely present in a hidden subtree
  expect((await screen.findByText(loading)).closest("[hidden], [aria-hidden='true']")).toBeNull();
  await whileLoading();
  await act(async () => {
    resolve(value);
    await promise;
  });
}

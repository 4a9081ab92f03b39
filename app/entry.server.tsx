import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";

/**
 * React Router's default server entry, except that every page is sent once
 * all of it is ready: React's way for static generation. Every page this
 * site renders is a whole file (the prerender, the live updates, the SPA
 * fallback), so streaming gains nothing and would leave in each page the
 * pending Suspense boundaries of React Router's data stream with the inline
 * scripts that fill them in, a DOM change after the first paint.
 */

/** How long a render may wait for its data (React Router's default). */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === "HEAD") {
    return Promise.resolve(new Response(null, { status: responseStatusCode, headers: responseHeaders }));
  }
  return new Promise((resolve, reject) => {
    let status = responseStatusCode;
    let shellReady = false;
    // what has not resolved by then renders its error boundary (React Router's rejected promise)
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        clearTimeout(timeout);
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        // an error in the shell rejects (onShellError) and React Router logs it; one in a boundary would go unseen
        if (shellReady) console.error(error);
      },
    });
  });
}

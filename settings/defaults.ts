/** The default addresses of our programs: every reader and writer of a default port or host imports them from here. */

/** The site server (`npm start`, `npm run serve`). */
export const DEFAULT_SITE_PORT = 3000;
/** Vite's dev server (`npm run dev`), Vite's own default. */
export const DEFAULT_DEV_PORT = 5173;
/** The local content service (`npm run content`, and the one `npm start` and `npm run dev` start). */
export const DEFAULT_CONTENT_PORT = 4100;
/** Every server binds to loopback unless told otherwise. */
export const DEFAULT_HOST = "127.0.0.1";

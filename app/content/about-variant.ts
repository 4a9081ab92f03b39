/**
 * SPEC section 2: on /about the header takes its orange variant and the
 * footer its pink background. (Kept apart from layout.ts so the header and
 * footer do not pull the content SDK into every page's first load.)
 */
export function isAboutPath(pathname: string): boolean {
  // the English about page (/en/about) too
  return pathname.replace(/\/+$/, "").replace(/^\/en(?=\/)/, "") === "/about";
}

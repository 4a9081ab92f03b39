/** URLs an editor, an import or a compromised account could put where the site expects a link or an image. */

/** Link targets that must never become an href (they run script or leave the allow-list). */
export const HOSTILE_HREFS: readonly string[] = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java\rscript:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106avascript:alert(1)",
  "&#X6a&#X61&#X76&#X61&#X73&#X63&#X72&#X69&#X70&#X74&#X3A;alert(1)",
  "%6Aavascript:alert(1)",
  "javascript&colon;alert(1)",
  "&amp;#106;avascript:alert(1)",
  "jav&#x09;ascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:text/html,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "   javascript:alert(1)",
  "\n\n\tjavascript:alert(1)",
  "\u0000javascript:alert(1)",
  "\u0001\u0002javascript:alert(1)",
  "\u200bjavascript:alert(1)",
  "\ufeffjavascript:alert(1)",
  "file:///etc/passwd",
  "//evil.example/phish",
  "\\\\evil.example/share",
  'https://example.com/"onmouseover="alert(1)',
  "https://example.com/<script>alert(1)</script>",
];

/** Hostile image sources: never an <img> with a script-capable or data: source. */
export const HOSTILE_IMAGE_SOURCES: readonly string[] = [
  "javascript:alert(1)",
  "  JAVASCRIPT:alert(1)",
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "&#106;avascript:alert(1)",
];

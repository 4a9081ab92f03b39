import { serializeJsonLd, type JsonLd } from "~/content/structured-data";

/**
 * Structured data for search engines. A data block, not a script: browsers
 * never execute `application/ld+json`, so a CSP without inline scripts
 * leaves it alone; the JSON is escaped so content cannot end the element.
 */
export function JsonLdScript({ data }: { data: JsonLd }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}

import { render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { RichText } from "~/components/rich-text/rich-text";
import { parseRichText } from "~/content/rich-text";

/** A raw rich text field, sanitised and rendered as a page renders it (inside a router: links are router links). */
export function renderRichText(raw: unknown) {
  const document = parseRichText(raw);
  const Stub = createRoutesStub([{ path: "*", Component: () => <RichText document={document} /> }]);
  return render(<Stub initialEntries={["/"]} />);
}

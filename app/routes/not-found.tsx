import type { Route } from "./+types/not-found";
import { documentTitle } from "~/content/site";
import { ErrorScreen } from "~/components/error-screen/error-screen";
import { HomeLink } from "~/components/home-link/home-link";
import { languageOfPath } from "~/language";
import { siteFromMatches } from "~/routing/root-data";
import { uiText } from "~/ui-text";

export const meta: Route.MetaFunction = ({ matches, location }) => [
  {
    title: documentTitle(siteFromMatches(matches)?.name ?? "", uiText[languageOfPath(location.pathname)].notFoundTitle),
  },
  { name: "robots", content: "noindex" },
];

/** SPEC 2: the status of a path no route matches, shown below the router's error screen's texts. */
const NOT_FOUND_STATUS = "404 Not Found";

/**
 * Any path outside the route table (SPEC section 2): the router's error screen with the status below, inside
 * the site shell, in the path's language, and a link home beside it.
 */
export default function NotFound() {
  return (
    <ErrorScreen detail={NOT_FOUND_STATUS}>
      <HomeLink />
    </ErrorScreen>
  );
}

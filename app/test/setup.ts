import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { resetHydrationForTests } from "~/hooks/use-hydrated";
import { installPopoverStandIn } from "./popover";

installPopoverStandIn();

// findBy and waitFor return as soon as their condition holds; their limit only matters on a busy machine, where the
// default 1 s failed a route's first render that took longer. Kept under the test's own 5 s, which reports less.
configure({ asyncUtilTimeout: 4_000 });

// jsdom plays no media and logs "Not implemented" for these; a test that cares spies on them
Object.assign(window.HTMLMediaElement.prototype, {
  pause() {},
  play: () => Promise.resolve(),
});

afterEach(() => {
  cleanup();
  resetHydrationForTests();
});

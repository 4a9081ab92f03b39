import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import { installPopoverStandIn } from "./popover";

installPopoverStandIn();

// jsdom plays no media and logs "Not implemented" for these; a test that cares spies on them
Object.assign(window.HTMLMediaElement.prototype, {
  pause() {},
  play: () => Promise.resolve(),
});

afterEach(() => {
  cleanup();
});

import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import { installPopoverStandIn } from "./popover";

installPopoverStandIn();

afterEach(() => {
  cleanup();
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ENGINES_STAGE_VARIABLE } from "./test-support/ensure-engines";
import { HOSTS_BUILD_DIR_VARIABLE } from "./test-support/host-runtimes";

/** The projects playwright.config.ts defines with this environment (it reads it as it loads). */
async function projectNames(env: Record<string, string | undefined>): Promise<string[]> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { default: config } = await import("./playwright.config");
  return (config.projects ?? []).map((project) => project.name ?? "");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("Playwright's projects", () => {
  it("leave out the hosts' and the engines' unless run-e2e started what they need", async () => {
    const names = await projectNames({ [HOSTS_BUILD_DIR_VARIABLE]: undefined, [ENGINES_STAGE_VARIABLE]: undefined });
    expect(names).toEqual(["browser", "preview", "nginx", "faults"]);
  });

  it("have `hosts` once the hosts' runtimes serve a build", async () => {
    expect(await projectNames({ [HOSTS_BUILD_DIR_VARIABLE]: "/tmp/build" })).toContain("hosts");
  });

  it("have the engines' in the engines' stage", async () => {
    expect(await projectNames({ [ENGINES_STAGE_VARIABLE]: "1" })).toEqual(
      expect.arrayContaining(["engines-firefox", "engines-webkit"]),
    );
  });
});

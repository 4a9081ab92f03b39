import { afterEach, describe, expect, it, vi } from "vitest";
import { ENGINES_STAGE_VARIABLE } from "./test-support/ensure-engines";

/** playwright.config.ts as it loads with this environment (it reads it then). */
async function configWith(env: Record<string, string | undefined>) {
  // a plan of its own each time (the config keeps the one it chose in E2E_PLAN)
  for (const [name, value] of Object.entries({ E2E_PLAN: undefined, E2E_SKIP_BUILD: undefined, ...env })) {
    vi.stubEnv(name, value);
  }
  vi.resetModules();
  return (await import("./playwright.config")).default;
}

async function projectNames(env: Record<string, string | undefined>): Promise<string[]> {
  return ((await configWith(env)).projects ?? []).map((project) => project.name ?? "");
}

/** The servers Playwright starts before the tests, in order. */
async function serverNames(env: Record<string, string | undefined>): Promise<string[]> {
  const servers = (await configWith({ E2E_NGINX: undefined, ...env })).webServer;
  return (Array.isArray(servers) ? servers : [servers]).map((server) => server?.name ?? "");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("Playwright's projects", () => {
  it("leave out the hosts' and the engines' unless run-e2e asked for what they need", async () => {
    const names = await projectNames({ E2E_HOSTS: undefined, [ENGINES_STAGE_VARIABLE]: undefined });
    expect(names).toEqual(["browser", "preview", "nginx", "faults"]);
  });

  it("have `hosts` in a run that starts the hosts' runtimes", async () => {
    expect(await projectNames({ E2E_HOSTS: "1" })).toContain("hosts");
  });

  it("have the engines' in the engines' stage", async () => {
    expect(await projectNames({ [ENGINES_STAGE_VARIABLE]: "1" })).toEqual(
      expect.arrayContaining(["engines-firefox", "engines-webkit"]),
    );
  });
});

describe("Playwright's servers", () => {
  it("are the content service, the builds' site servers and nginx, each after what it needs", async () => {
    expect(await serverNames({ E2E_PREVIEW: undefined, E2E_HOSTS: undefined })).toEqual([
      "content",
      "production",
      "preview",
      "nginx",
    ]);
  });

  it("leave out the preview build with E2E_PREVIEW=0 and add the hosts' runtimes with E2E_HOSTS=1", async () => {
    expect(await serverNames({ E2E_PREVIEW: "0", E2E_HOSTS: "1" })).toEqual([
      "content",
      "production",
      "nginx",
      "cloudflare",
      "netlify",
    ]);
  });

  it("leave out nginx with E2E_NGINX=0 (the hosts' and the engines' stages)", async () => {
    expect(await serverNames({ E2E_PREVIEW: "0", E2E_HOSTS: "1", E2E_NGINX: "0" })).toEqual([
      "content",
      "production",
      "cloudflare",
      "netlify",
    ]);
  });
});

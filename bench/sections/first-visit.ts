import { launchPlaywright } from "../browser";
import type { BenchContext, Route } from "../context";
import { fmtInt, fmtKB, fmtMs, markdownTable } from "../format";
import { atMost, TARGETS } from "../targets";
import {
  aggregateSlow,
  bytesRun,
  QUIET_MS,
  SCREENS,
  SLOW_PHONE,
  slowRun,
  type BytesRun,
  type Screen,
  type SlowRoute,
  type SlowRun,
} from "../first-visit-runs";
import type { SectionOutput } from "./section";

/**
 * A visitor's first visit to each route of the main build, served by the
 * bench's site server. On a slow phone (DevTools' "Slow 4G" network and 4×
 * CPU slowdown through CDP, 375 × 740 px): the long tasks after the first
 * contentful paint and when hydration starts after the load event (median
 * of BENCH_RUNS runs, a fresh browser context each). Unthrottled, at 375 and
 * at 1280 px: the bytes the visit transfers until the network is idle after
 * hydration, without scrolling, split into images, scripts and the rest.
 */

export async function firstVisitSection(ctx: BenchContext): Promise<SectionOutput> {
  const main = await ctx.mainBuild();
  const runs = Math.max(1, ctx.options.runs);
  const urlOf = (route: Route) => `${main.site.url}${route.path}`;

  const bytes: BytesRun[] = [];
  const slow = new Map<string, SlowRun[]>();
  const browser = await launchPlaywright(ctx.chromePath);
  try {
    // first, as it is unthrottled: it also lets the image service render every size the slow runs ask for
    for (const screen of Object.keys(SCREENS) as Screen[]) {
      for (const route of main.routes) {
        const result = await bytesRun(browser, urlOf(route), route, screen);
        bytes.push(result);
        ctx.log(
          `first-visit bytes ${screen} ${route.label}: ` +
            (result.ok
              ? `${fmtKB(result.total)} (images ${fmtKB(result.byKind.images)}, scripts ${fmtKB(result.byKind.scripts)}, rest ${fmtKB(result.byKind.rest)})${result.idleTimedOut ? ", network never idle" : ""}`
              : `failed: ${result.error}`),
        );
      }
    }
    // runs interleaved over the routes, so that drift of the machine hits every route alike
    for (let run = 1; run <= runs; run++) {
      for (const route of main.routes) {
        const result = await slowRun(browser, urlOf(route), route, run);
        slow.set(route.label, [...(slow.get(route.label) ?? []), result]);
        ctx.log(
          `first-visit slow phone ${route.label} run ${run}/${runs}: ` +
            (result.ok
              ? `FCP ${fmtMs(result.fcp)}, load ${fmtMs(result.loadEventStart)}, hydration start after load ${fmtMs(result.hydrationStartAfterLoad)}, ` +
                `long tasks after FCP ${result.longTasks?.count ?? "–"}, ${result.longTasksFromHydration?.count ?? "–"} from hydration start (longest ${fmtMs(result.longTasks?.longest)}, beyond 50 ms ${fmtMs(result.longTasks?.beyond50)})` +
                (result.idleTimedOut ? ", network never idle" : "")
              : `failed: ${result.error}`),
        );
      }
    }
  } finally {
    await browser.close();
  }

  const routes = main.routes.map((route) => aggregateSlow(route, slow.get(route.label) ?? []));
  const measured = routes.filter((r) => r.runsOk > 0);
  /** The route with the highest figure (of those measured). */
  const worstBy = (pick: (r: SlowRoute) => number | null): SlowRoute | undefined => {
    let worst: SlowRoute | undefined;
    for (const r of measured) if (worst === undefined || (pick(r) ?? -Infinity) > (pick(worst) ?? -Infinity)) worst = r;
    return worst;
  };
  const longest = worstBy((r) => r.longest);
  const mostBlocking = worstBy((r) => r.beyond50);
  const latestHydration = worstBy((r) => r.hydrationStartAfterLoad);
  const noneMeasured = measured.length === 0;
  const homeBytes = bytes.find((b) => b.screen === "375 px" && b.path === "/");

  const summary: SectionOutput["summary"] = [
    {
      figure: "Longest long task after FCP, slow phone, all routes (medians)",
      value: noneMeasured
        ? "no run measured"
        : `${fmtMs(longest?.longest)} (${longest?.route}); per route: ${measured.map((r) => `${r.route} ${fmtMs(r.longest)}`).join(" · ")}`,
      target: `no long task (none over ${TARGETS.longTaskMaxMs} ms)`,
      verdict: noneMeasured ? "error" : atMost(longest?.longest, TARGETS.longTaskMaxMs),
    },
    {
      figure: "Largest sum of long tasks beyond 50 ms after FCP, slow phone (medians)",
      value: noneMeasured
        ? "no run measured"
        : `${fmtMs(mostBlocking?.beyond50)} (${mostBlocking?.route}); per route: ${measured.map((r) => `${r.route} ${fmtMs(r.beyond50)}`).join(" · ")}`,
      target: "–",
      verdict: noneMeasured ? "error" : "info",
    },
    {
      figure: "Hydration start after load, slow phone, latest route (medians)",
      value: noneMeasured
        ? "no run measured"
        : `${fmtMs(latestHydration?.hydrationStartAfterLoad)} (${latestHydration?.route}); per route: ${measured.map((r) => `${r.route} ${fmtMs(r.hydrationStartAfterLoad)}`).join(" · ")}`,
      target: `≤ ${fmtMs(TARGETS.hydrationAfterLoadMaxMs)}`,
      verdict: noneMeasured
        ? "error"
        : atMost(latestHydration?.hydrationStartAfterLoad, TARGETS.hydrationAfterLoadMaxMs),
    },
    {
      figure: "Bytes of a first visit to / at 375 px",
      value: homeBytes?.ok
        ? `${fmtKB(homeBytes.total)} (images ${fmtKB(homeBytes.byKind.images)}, scripts ${fmtKB(homeBytes.byKind.scripts)}, rest ${fmtKB(homeBytes.byKind.rest)})`
        : `not measured${homeBytes?.error ? `: ${homeBytes.error}` : ""}`,
      target: "–",
      verdict: homeBytes?.ok ? "info" : "error",
    },
  ];

  const md: string[] = [];
  md.push(
    `A first visit to each route of the main build, served by the bench's site server (\`${main.site.url}\`), ` +
      "in Playwright's Chromium, a fresh browser context (empty cache) per run.",
    "",
    "Routes: " + main.routes.map((r) => `${r.label} = \`${r.path}\``).join(", ") + ".",
    "",
    "### Slow phone: long tasks and hydration start",
    "",
    `Median of ${runs} run(s) per route. DevTools' slow phone through CDP: \`Emulation.setCPUThrottlingRate\` ${SLOW_PHONE.cpuRate}, ` +
      `\`Network.emulateNetworkConditions\` latency ${SLOW_PHONE.latencyMs} ms, download ${fmtInt(SLOW_PHONE.downloadBytesPerS)} B/s, ` +
      `upload ${fmtInt(SLOW_PHONE.uploadBytesPerS)} B/s (its "Slow 4G"); 375 × 740 px, device scale 2, mobile, touch. ` +
      "Long tasks: a `longtask` PerformanceObserver registered before navigation; those after the first contentful paint " +
      "(a task spanning it counts with its part after it, as in Lighthouse's TBT) until the network is idle (no request for " +
      `${QUIET_MS} ms) after hydration (a React fiber on \`main\`, polled every 100 ms). Beyond 50 ms = the sum of (duration − 50 ms); from hydration start = those after the request of \`entry.client\` began. ` +
      "Hydration start after load = `startTime` of the first resource named `entry.client` − the navigation's `loadEventStart`. " +
      "Times are from navigation start; absolute times move between runs with the load of the machine.",
    "",
    markdownTable(
      [
        "route",
        "FCP",
        "load",
        "hydration start after load",
        "hydrated by",
        "long tasks",
        "of them from hydration start",
        "longest",
        "beyond 50 ms",
        "runs ok",
      ],
      routes.map((r) => [
        r.route,
        fmtMs(r.fcp),
        fmtMs(r.loadEventStart),
        fmtMs(r.hydrationStartAfterLoad),
        fmtMs(r.hydratedBy),
        r.count === null ? "–" : String(r.count),
        r.countFromHydration === null ? "–" : String(r.countFromHydration),
        fmtMs(r.longest),
        fmtMs(r.beyond50),
        `${r.runsOk}/${r.runs}`,
      ]),
    ),
    "",
  );
  const slowErrors = routes.flatMap((r) => r.errors.map((e) => `${r.route} ${e}`));
  if (slowErrors.length) md.push(`Failed runs: ${slowErrors.join("; ")}.`, "");
  const neverIdle = [...slow.values()].flat().filter((r) => r.idleTimedOut);
  if (neverIdle.length)
    md.push(
      `The network never went idle within 60 s after hydration in ${neverIdle.length} run(s) (${neverIdle.map((r) => `${r.route} run ${r.run}`).join(", ")}): their long tasks end there.`,
      "",
    );

  md.push(
    "### Bytes of a first visit",
    "",
    "Unthrottled, one run each (the bytes do not vary between runs): 375 × 740 px at device scale 2 (mobile, touch) and " +
      "1280 × 900 px at device scale 1. The sum of CDP `Network.loadingFinished` `encodedDataLength` (bytes received, headers " +
      "included, compressed as sent) of every response of the page from navigation until the network is idle after hydration, " +
      "without scrolling; split by CDP resource type: images (`Image`), scripts (`Script`), the rest (document, stylesheets, " +
      "fonts, media, fetches). KB = 1,024 bytes.",
    "",
  );
  for (const screen of Object.keys(SCREENS) as Screen[]) {
    md.push(
      `#### ${screen}`,
      "",
      markdownTable(
        ["route", "total", "images", "scripts", "rest", "responses"],
        bytes
          .filter((b) => b.screen === screen)
          .map((b) =>
            b.ok
              ? [
                  b.route,
                  fmtKB(b.total),
                  fmtKB(b.byKind.images),
                  fmtKB(b.byKind.scripts),
                  fmtKB(b.byKind.rest),
                  String(b.requests) + (b.idleTimedOut ? " (network never idle)" : ""),
                ]
              : [b.route, `failed: ${b.error ?? "?"}`, "–", "–", "–", "–"],
          ),
      ),
      "",
    );
  }
  if (homeBytes?.ok) {
    md.push(
      "Largest responses of `/` at 375 px: " +
        homeBytes.largest
          .map((l) => `\`${l.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 100)}\` (${l.type}) ${fmtKB(l.bytes)}`)
          .join(", ") +
        ".",
      "",
    );
  }

  return {
    summary,
    markdown: md.join("\n"),
    data: { slowPhone: SLOW_PHONE, routes, runs: Object.fromEntries(slow), bytes },
  };
}

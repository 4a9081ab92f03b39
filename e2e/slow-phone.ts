import type { Page } from "@playwright/test";

/** DevTools' slow-phone profile on `page` (Chromium only): 4x CPU slowdown, 562.5 ms latency, 1.44 Mbit/s down. */
export async function throttleToSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: 180_000,
    uploadThroughput: 84_375,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}

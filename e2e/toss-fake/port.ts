/**
 * Where the Playwright server (playwright.config.ts, TOSS_API_BASE) finds the Toss fake that the
 * Channels spec starts: the port after the app's. Only one Playwright run holds a port at a time.
 */
export function tossFakePort(appPort = Number(process.env.E2E_PORT ?? 3210)): number {
  return appPort + 1;
}

/**
 * Where the Playwright server (playwright.config.ts, NICE_API_BASE) finds the NICE fake that the
 * Channels spec starts: two ports after the app's (the Toss fake has the one after it).
 */
export function niceFakePort(appPort = Number(process.env.E2E_PORT ?? 3210)): number {
  return appPort + 2;
}

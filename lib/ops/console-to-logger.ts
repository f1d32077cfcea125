import { format } from "node:util";
import { logger } from "./logger";

type Level = "info" | "warn" | "error";

function forward(level: Level) {
  return (...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    const rest = args.filter((a) => a !== err);
    if (err) logger[level]({ err }, format(...rest));
    else logger[level](format(...args));
  };
}

/**
 * In the server process, what Next.js and libraries print with console.* (request errors, warnings)
 * becomes log lines too, so the output stays one JSON object per line and passes the scrubber.
 */
export function routeConsoleToLogger(): void {
  console.log = console.info = console.debug = forward("info");
  console.warn = forward("warn");
  console.error = forward("error");
}

import { writeAccessLine } from "./logger";
import { metrics } from "./metrics";
import { requestIdFor, runInRequestContext, type RequestContext } from "./request-context";
import { requestUrl } from "./request-url";
import { routeTemplate } from "./route-template";

/** ACCESS_LOG=false: no access-log line per API request (read at start; for measuring its cost, or a proxy's log instead). */
const accessLogOn = (process.env.ACCESS_LOG ?? "true").toLowerCase() !== "false";

type Segment = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (request: Request, segment?: Segment) => Promise<Response>;

/**
 * Wraps an API route: runs it in a request context (so every log line inside carries the request
 * id and merchant id), then writes one access-log line and records the latency histogram.
 */
export function observeRequests(handler: RouteHandler): RouteHandler {
  return async (request, segment) => {
    const started = performance.now();
    const context: RequestContext = { requestId: requestIdFor(request) };
    const response = await runInRequestContext(context, () => handler(request, segment));
    const seconds = (performance.now() - started) / 1000;
    const route = routeTemplate(requestUrl(request).pathname, (await segment?.params) ?? {});
    metrics()?.httpRequestDuration.observe({ method: request.method, route, status: response.status }, seconds);
    if (accessLogOn)
      writeAccessLine({
        ...context,
        method: request.method,
        route,
        status: response.status,
        latencyMs: Math.round(seconds * 1e4) / 10,
      });
    return response;
  };
}

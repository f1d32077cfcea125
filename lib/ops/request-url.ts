/** Parsed URLs of the requests being served, one per request (the entry goes with its request). */
const parsed = new WeakMap<Request, URL>();

/**
 * The request's URL, parsed once: the access log (route template), the request log (path) and the
 * API wrapper (query, Idempotency-Key hash) each need a part of it on every API request.
 */
export function requestUrl(request: Request): URL {
  let url = parsed.get(request);
  if (!url) {
    url = new URL(request.url);
    parsed.set(request, url);
  }
  return url;
}

import { scalarBundle, scalarVersion } from "@/lib/docs/reference-page";

export const dynamic = "force-dynamic";

/** Scalar's browser bundle from node_modules; the page links it with ?v=<version>, so it may be cached long. */
export function GET() {
  return new Response(new Uint8Array(scalarBundle()), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"scalar-${scalarVersion()}"`,
    },
  });
}

/**
 * The API reference at /docs: Scalar's standalone bundle (@scalar/api-reference, served from our
 * own origin by /docs/scalar.js, never a CDN) rendering /openapi.json. The page is CSP-clean:
 * its two scripts come from our origin with the request's nonce, nothing is inline, no external
 * font, image or connection is needed (Scalar's default fonts, telemetry and request proxy are off).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const SCALAR_DIR = path.join(process.cwd(), "node_modules/@scalar/api-reference");

/** The nonce the security-headers proxy put on the request, or our own when it is absent. */
export function pageNonce(request: Request): string {
  return request.headers.get("x-nonce") ?? randomBytes(16).toString("base64");
}

/** Strict by default; Scalar injects <style> elements and inline style attributes. */
export function referencePagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function referencePageHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Payment platform</title>
</head>
<body>
<div id="reference"></div>
<script src="/docs/scalar.js?v=${scalarVersion()}" nonce="${nonce}"></script>
<script src="/docs/init.js" nonce="${nonce}"></script>
</body>
</html>
`;
}

/** Runs after the bundle: renders the reference into #reference (not #api-reference, which the bundle would auto-mount with no configuration). */
export const INIT_SCRIPT = `Scalar.createApiReference("#reference", ${JSON.stringify({
  url: "/openapi.json",
  slug: "api",
  title: "Payment platform API",
  // Offline and private: no font CDN, no telemetry, no AI agent or registry calls to scalar.com.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  persistAuth: false,
  authentication: { preferredSecurityScheme: "bearer" },
  metaData: { title: "API reference · Payment platform" },
})});
`;

let bundle: { version: string; body: Buffer } | undefined;

function loadBundle() {
  bundle ??= {
    version: (JSON.parse(readFileSync(path.join(SCALAR_DIR, "package.json"), "utf8")) as { version: string }).version,
    body: readFileSync(path.join(SCALAR_DIR, "dist/browser/standalone.js")),
  };
  return bundle;
}

export function scalarVersion(): string {
  return loadBundle().version;
}

export function scalarBundle(): Buffer {
  return loadBundle().body;
}

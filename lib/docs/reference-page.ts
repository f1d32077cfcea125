/**
 * The API reference at /docs: Scalar's standalone bundle (@scalar/api-reference, served from our
 * own origin by /docs/scalar.js, never a CDN) rendering /openapi.json. The page is CSP-clean:
 * its two scripts come from our origin with the request's nonce, nothing is inline, no external
 * font, image or connection is needed (Scalar's default fonts, telemetry and request proxy are off).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Locale, translate } from "@/lib/i18n/dictionary";

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

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The page in the reader's language: its title, the bar above the reference (back to the dashboard,
 * the other language) and Scalar's title. The reference itself is the OpenAPI document, which is the
 * same for every reader. The SVG favicon is linked so the browser does not ask for /favicon.ico.
 */
export function referencePageHtml(nonce: string, locale: Locale = "en"): string {
  const t = (key: string) => escapeHtml(translate(locale, key));
  const other: Locale = locale === "ko" ? "en" : "ko";
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t("docs.pageTitle")}</title>
<link rel="icon" href="/icon.svg" type="image/svg+xml">
</head>
<body>
<nav aria-label="${t("docs.nav")}" style="display:flex;gap:1rem;justify-content:space-between;padding:.5rem 1rem;font:14px system-ui,sans-serif;border-bottom:1px solid #e2e8f0">
<a href="/dashboard/developers">${t("docs.back")}</a>
<a href="/docs?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(translate(other, "docs.language"))}</a>
</nav>
<div id="reference"></div>
<script src="/docs/scalar.js?v=${scalarVersion()}" nonce="${nonce}"></script>
<script src="/docs/init.js?lang=${locale}" nonce="${nonce}"></script>
</body>
</html>
`;
}

/** Runs after the bundle: renders the reference into #reference (not #api-reference, which the bundle would auto-mount with no configuration). */
export function initScript(locale: Locale = "en"): string {
  return `Scalar.createApiReference("#reference", ${JSON.stringify({
    url: "/openapi.json",
    slug: "api",
    title: translate(locale, "docs.apiTitle"),
    // Offline and private: no font CDN, no telemetry, no AI agent or registry calls to scalar.com.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: "never",
    persistAuth: false,
    authentication: { preferredSecurityScheme: "bearer" },
    metaData: { title: translate(locale, "docs.pageTitle") },
  })});
`;
}

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

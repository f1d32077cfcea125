import { readFileSync } from "node:fs";
import path from "node:path";
import type { Target } from "./world";

/**
 * Each dashboard page and route handler of the build aimed at a target (key: its app path, e.g.
 * `/dashboard/stores/[id]`). Every URL is requested by a signed-in caller, once plainly and once
 * with the store cookie forged to the target's store; no answer may be a 5xx, contain the
 * target's canary or select the target's store. `notFound`: the page names a record the caller
 * may not see and must answer 404.
 */
export type PageEntry = { urls: (t: Target) => string[]; notFound?: boolean };

export const PAGE_ATTACKS: Record<string, PageEntry> = {
  "/dashboard": { urls: () => ["/dashboard", "/dashboard?range=30d&mode=test"] },
  // Searches name the target's payment id: the canary itself would be echoed back in the search box.
  "/dashboard/payments": {
    urls: (t) => [
      `/dashboard/payments?q=${t.payment}&scope=all`,
      `/dashboard/payments?store_id=${t.storeId}&scope=all`,
    ],
  },
  "/dashboard/payments/[paymentId]": { urls: (t) => [`/dashboard/payments/${t.payment}`] },
  // The search names the target's customer: the canary is echoed back in the search box, so the id is searched.
  "/dashboard/customers": {
    urls: (t) => ["/dashboard/customers", `/dashboard/customers?q=${t.customerId}`, "/dashboard/customers?page=1"],
  },
  "/dashboard/customers/[customerId]": { urls: (t) => [`/dashboard/customers/${t.customerId}`], notFound: true },
  "/dashboard/payments/export": {
    urls: (t) => [
      `/dashboard/payments/export?q=${t.payment}&scope=all`,
      `/dashboard/payments/export?scope=all&store_id=${t.storeId}&start=0`,
    ],
  },
  "/dashboard/open": {
    urls: (t) => [
      `/dashboard/open?store=${t.storeId}&to=/dashboard/payments/${t.payment}`,
      `/dashboard/open?store=${t.subStore}`,
    ],
  },
  "/dashboard/settlements": {
    urls: () => [
      "/dashboard/settlements",
      "/dashboard/settlements?all=1&payout=2026-11-27&from=2000-01-01&to=2999-12-31",
    ],
  },
  "/dashboard/settlements/export": {
    urls: () => ["/dashboard/settlements/export?from=2000-01-01&to=2999-12-31&all=1"],
  },
  "/dashboard/billing-keys": { urls: () => ["/dashboard/billing-keys"] },
  "/dashboard/billing-keys/[billingKey]": { urls: (t) => [`/dashboard/billing-keys/${t.billingKey}`] },
  "/dashboard/cash-receipts": { urls: () => ["/dashboard/cash-receipts"] },
  "/dashboard/schedules": { urls: () => ["/dashboard/schedules"] },
  "/dashboard/verifications": { urls: () => ["/dashboard/verifications"] },
  "/dashboard/verifications/[id]": { urls: (t) => [`/dashboard/verifications/${t.verification}`] },
  "/dashboard/sandbox-inbox": { urls: () => ["/dashboard/sandbox-inbox"] },
  "/dashboard/developers": { urls: () => ["/dashboard/developers"] },
  "/dashboard/webhooks": { urls: () => ["/dashboard/webhooks"] },
  "/dashboard/channels": { urls: () => ["/dashboard/channels"] },
  "/dashboard/reconciliation": {
    urls: () => ["/dashboard/reconciliation", "/dashboard/reconciliation?lookup=settled"],
  },
  "/dashboard/stores": { urls: () => ["/dashboard/stores"] },
  "/dashboard/stores/new": { urls: () => ["/dashboard/stores/new"] },
  "/dashboard/stores/onboarding": { urls: () => ["/dashboard/stores/onboarding"] },
  "/dashboard/stores/volumes": {
    urls: () => ["/dashboard/stores/volumes", "/dashboard/stores/volumes?period=90d&mode=TEST&sort=count"],
  },
  "/dashboard/stores/[id]": { urls: (t) => [`/dashboard/stores/${t.subStore}`], notFound: true },
  "/dashboard/stores/[id]/kpis": {
    urls: (t) => [`/dashboard/stores/${t.subStore}/kpis`, `/dashboard/stores/${t.storeId}/kpis?period=90d&mode=TEST`],
    notFound: true,
  },
  "/dashboard/stores/volumes/export": {
    urls: () => [
      "/dashboard/stores/volumes/export",
      "/dashboard/stores/volumes/export?period=90d&mode=TEST&sort=refunds",
    ],
  },
  "/dashboard/stores/[id]/edit": { urls: (t) => [`/dashboard/stores/${t.subStore}/edit`], notFound: true },
  "/dashboard/team": { urls: () => ["/dashboard/team", "/dashboard/team?setup=two-factor"] },
  "/dashboard/team/outbox": { urls: () => ["/dashboard/team/outbox"] },
  "/dashboard/audit-log": {
    urls: (t) => [`/dashboard/audit-log?target=${t.payment}`, `/dashboard/audit-log?actor=${t.ownerUserId}`],
  },
  "/dashboard/audit-log/export": {
    urls: (t) => [
      `/dashboard/audit-log/export?target=${t.payment}`,
      `/dashboard/audit-log/export?actor=${t.ownerUserId}`,
    ],
  },
  "/dashboard/logs": { urls: (t) => [`/dashboard/logs?payment=${t.payment}`, `/dashboard/logs?key=${t.apiKeyId}`] },
  "/dashboard/logs/[id]": { urls: (t) => [`/dashboard/logs/${t.requestLogId}`], notFound: true },
};

/**
 * App paths outside the tenant matrix, and why. API routes are not listed: they are the
 * operations of /openapi.json (the matrix's API half); a catch-all only answers 404/405.
 */
export const NOT_TENANT_PATHS: Record<string, string> = {
  "/": "redirects to the dashboard or the sign-in page",
  "/login": "sign-in page",
  "/receipts/[token]": "public receipt behind an unguessable token, no session",
  "/invite/[token]": "public invitation page behind an unguessable token (stored as a digest), no session",
  "/api/auth/[...nextauth]": "next-auth's own endpoints (sign-in is throttled, e2e/api/throttling.test.ts)",
  "/docs": "API reference, static",
  "/docs/init.js": "API reference script",
  "/docs/scalar.js": "API reference script",
  "/healthz": "operational probe, no tenant data",
  "/readyz": "operational probe, no tenant data",
  "/metrics": "operational metrics behind METRICS_TOKEN, aggregates only",
  "/openapi.json": "the public API description",
  "/api/providers/tosspayments/deposit-callback":
    "Toss's deposit callback: no session; each call is verified by fetching the order from Toss with the channel's key (e2e/api/toss-live.test.ts)",
  "/icon.svg": "static icon",
  "/_not-found": "Next's 404 page",
  "/_global-error": "Next's error page",
};

/** The app paths of the build (.next/server/app-paths-manifest.json), without /page or /route. */
export function appPaths(repoRoot: string): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(repoRoot, ".next/server/app-paths-manifest.json"), "utf8"),
  ) as Record<string, string>;
  return Object.keys(manifest).map((key) => key.replace(/\/(page|route)$/, "") || "/");
}

/** `/v2/payments/[payment_id]` → `/v2/payments/{payment_id}`, as /openapi.json writes it. */
export function asOpenApiPath(appPath: string): string {
  return appPath.replace(/\[([^\].]+)\]/g, "{$1}");
}

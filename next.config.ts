import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  // prom-client keeps one metrics registry per process (and is shared with the start script).
  serverExternalPackages: ["better-sqlite3", "pg", "bcryptjs", "prom-client"],
  poweredByHeader: false,
  // Trailing-slash redirects would turn API 404s into HTML redirects.
  skipTrailingSlashRedirect: true,
  // nosniff, Referrer-Policy, framing… on every response, static files and Next's own included.
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
};

export default nextConfig;

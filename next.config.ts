import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  // prom-client keeps one metrics registry per process (and is shared with the start script).
  serverExternalPackages: ["better-sqlite3", "pg", "bcryptjs", "prom-client"],
  poweredByHeader: false,
  // Trailing-slash redirects would turn API 404s into HTML redirects.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;

import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and driver packages stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "pg", "bcryptjs"],
  poweredByHeader: false,
  // Trailing-slash redirects would turn API 404s into HTML redirects.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;

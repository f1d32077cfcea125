// The baseline of the HTTP benchmarks: bare Next.js route handlers, built and served like the app.
export default { serverExternalPackages: ["better-sqlite3", "pg"], poweredByHeader: false };

// The architecture check (`npm run check:arch`, run by `npm test`): the layer rules of
// docs/architecture.md as import rules. A forbidden import fails CI and names the rule.
const { readdirSync } = require("node:fs");
const path = require("node:path");

// Domain areas: business logic, framework-free. Every folder under lib/ is one, so a new folder is
// checked from its first commit, except the HTTP edge (lib/api, and lib/ops, which runs the server),
// the database (lib/db), test helpers (lib/testing) and the provider adapters (their own rule below).
const NOT_AREAS = ["api", "db", "ops", "providers", "testing"];
const AREAS = readdirSync(path.join(process.cwd(), "lib"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_AREAS.includes(entry.name))
  .map((entry) => entry.name);
const area = `^lib/(${AREAS.join("|")})/`;

// Code not yet moved onto the layers (docs/architecture.md, "Moving in"): its queries are not all in
// its repository. Empty since payments moved (issue #14); the rules hold for everything.
const PENDING = [];
// Areas still taking DomainError through lib/api/error-codes: none (every area throws lib/errors').
const PENDING_ERRORS = [];
// Provider files with a known crossing (each says why).
const PENDING_PROVIDERS = [
  // The sandbox's ledger is the simulated PG's own database (sandbox_pg_* tables, never read by
  // domain code): a real PG keeps it on its side.
  "^lib/providers/sandbox/ledger\\.ts$",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-not-to-ui",
      comment: "Domain code (lib/<area>) never imports app/ or components/: the UI calls the domain, not the reverse.",
      severity: "error",
      from: { path: area, pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "ui-not-to-db",
      comment: "Routes, pages, server actions and components reach data through a verb of lib/<area>, never lib/db.",
      severity: "error",
      from: { path: "^(app|components)/" },
      to: { path: "^lib/db/|^node_modules/kysely/" },
    },
    {
      name: "providers-not-to-db-or-domain",
      comment: "A provider adapter knows its own types only: no tables, no domain area, no domain errors.",
      severity: "error",
      from: { path: "^lib/providers/", pathNot: PENDING_PROVIDERS },
      // Card and resident number checks are pure functions of the number, which adapters validate with.
      to: { path: [`^lib/db/`, area, "^lib/errors/", "^lib/api/"], pathNot: "^lib/(cards|personal-id)/" },
    },
    {
      name: "sandbox-only-through-registry",
      comment:
        "The sandbox is one provider implementation: only the provider registries choose it. Its published " +
        "test cards (test-cards.ts) are documentation the docs page and the key-in form show.",
      severity: "error",
      from: {
        path: "^(lib|app|components)/",
        pathNot: ["^lib/providers/", "^lib/testing/", "\\.test\\.tsx?$", ...PENDING],
      },
      to: { path: "^lib/providers/sandbox/", pathNot: "^lib/providers/sandbox/test-cards\\.ts$" },
    },
    {
      name: "db-only-in-repositories",
      comment:
        "Only an area's repository.ts (or repository/) imports lib/db or Kysely; a verb spanning repositories " +
        "opens its transaction with lib/db/transaction.ts.",
      severity: "error",
      from: {
        path: "^lib/",
        pathNot: [
          "^lib/db/",
          "^lib/testing/",
          "(^|/)repository(\\.ts|/)",
          "\\.test\\.tsx?$",
          ...PENDING,
          ...PENDING_PROVIDERS,
        ],
      },
      to: { path: "^lib/db/|^node_modules/kysely/", pathNot: "^lib/db/transaction\\.ts$" },
    },
    {
      name: "repositories-return-records",
      comment:
        "A repository returns typed records; turning them into wire shapes is serialize.ts's job, called by " +
        "the verb (no PENDING exemption: this held for every area when it was added).",
      severity: "error",
      from: { path: "(^|/)repository(\\.ts$|/)" },
      to: { path: "(^|/)serialize\\.ts$" },
    },
    {
      name: "domain-errors-not-from-api",
      comment: "Domain code throws the errors of lib/errors; the HTTP status table in lib/api is the edge's.",
      severity: "error",
      from: { path: area, pathNot: PENDING_ERRORS },
      to: { path: "^lib/api/(error-codes|envelope|handler)\\.ts$" },
    },
    {
      name: "domain-not-to-api",
      comment:
        "lib/api is the HTTP edge above the domain: no domain file imports it. Zod building blocks, wire " +
        "records and input checks the areas share live in lib/schema. A test may drive the edge.",
      severity: "error",
      from: { path: area, pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/api/" },
    },
    {
      name: "no-circular",
      comment:
        "No import circles, type-only ones included: a type both sides need lives in its own file " +
        "(lib/jobs/handler-types.ts, lib/db/migrations/dialect.ts).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "migrations-frozen",
      comment:
        "A migration does on a fresh database what it did when it first ran, so it carries the SQL and " +
        "code it ran instead of importing a domain area that may change. lib/db pieces and the sealing " +
        "primitive (lib/sealed.ts, whose format readers keep opening) are allowed.",
      severity: "error",
      from: { path: "^lib/db/migrations/" },
      to: { path: "^(lib|app|components)/", pathNot: ["^lib/db/", "^lib/sealed\\.ts$"] },
    },
    {
      name: "money-operations-apart",
      comment:
        "Pay and cancel are two money operations on one skeleton (lib/payments/money-operation): what they " +
        "share lives there, so no operation imports another's folder, and the skeleton imports none.",
      severity: "error",
      from: {
        path: "^lib/payments/(cancel|pay|money-operation|escrow|virtual-account)/",
        pathNot: "\\.test\\.tsx?$",
      },
      to: { path: "^lib/payments/(pay|cancel)/", pathNot: "^lib/payments/$1/" },
    },
    {
      name: "only-app-imports-app",
      comment:
        "app/ is the top layer (routes, pages): nothing below imports it. Server actions that components " +
        "call live in components/<area>/actions.ts. Tests may drive a route.",
      severity: "error",
      from: { path: "^(lib|components)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|\\.data|\\.test-output|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

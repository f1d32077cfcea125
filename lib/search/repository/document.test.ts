import { describe, expect, it } from "vitest";
import { searchDocumentSql as builtBy0060 } from "@/lib/db/migrations/0060_dashboard_search";
import { searchDocumentSql } from "./document";

describe("the search document", () => {
  it("is the one migrations 0060 (SQLite triggers) and 0095 (PostgreSQL column) keep: changing it needs a migration", () => {
    expect(searchDocumentSql("new")).toBe(builtBy0060("new"));
    expect(searchDocumentSql("t")).toBe(builtBy0060("t"));
  });
});

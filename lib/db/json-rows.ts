import { jsonArrayFrom as postgresArray } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteArray } from "kysely/helpers/sqlite";
import type { RawBuilder } from "kysely";
import { dialect } from "./client";

/**
 * A correlated subquery's rows as one JSON array column, so a row and its children come back in one
 * statement (json_group_array on SQLite, json_agg on PostgreSQL). The subquery must name its
 * columns (SQLite's json_object cannot expand `*`). Order inside the array is not guaranteed:
 * sort after `parseJsonRows`.
 */
export function jsonRows<O>(subquery: Parameters<typeof sqliteArray<O>>[0]): RawBuilder<unknown> {
  return dialect() === "sqlite" ? sqliteArray(subquery) : postgresArray(subquery);
}

/** The array a `jsonRows` column holds: text on SQLite, already parsed by pg on PostgreSQL. */
export function parseJsonRows<O>(value: unknown): O[] {
  if (value === null || value === undefined) return [];
  return (typeof value === "string" ? JSON.parse(value) : value) as O[];
}

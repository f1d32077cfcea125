import type { Dialect } from "../client";

/** The database a migration runs on; its own file so migrations need not import the index that lists them. */
export type MigrationDialect = Dialect;

import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/** The pair a rotation issued, sealed, so a retry of the same refresh token within the grace window gets it again. */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("refresh_tokens").addColumn("successor_sealed", "text").execute();
}

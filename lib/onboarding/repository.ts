import type { AuthContext } from "@/lib/auth/context";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import type { StoreApplicationEventsTable, StoreApplicationsTable } from "@/lib/db/tables/stores";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import {
  type ApplicationStatus,
  type ContractStatus,
  type METHOD_AND_TYPES,
  type PgSpecificInfo,
  pgSpecificInfo,
  storedApplicationStatus,
  storedContractStatus,
  storedMethods,
} from "./schema";

/** An application with its documents parsed and its states checked once, here. */
export type ApplicationRecord = Omit<
  StoreApplicationsTable,
  "methods" | "pg_specific_info" | "status" | "contract_status"
> & {
  methods: (typeof METHOD_AND_TYPES)[number][];
  pg_specific_info: PgSpecificInfo;
  status: ApplicationStatus;
  contract_status: ContractStatus | null;
};
export type ApplicationEventRecord = StoreApplicationEventsTable;

function toRecord(row: StoreApplicationsTable): ApplicationRecord {
  return {
    ...row,
    methods: storedMethods.parse(JSON.parse(row.methods)),
    pg_specific_info: pgSpecificInfo.parse(JSON.parse(row.pg_specific_info)),
    status: storedApplicationStatus.parse(row.status),
    contract_status: storedContractStatus.parse(row.contract_status),
  };
}

/** A store's applications in the order they were submitted. */
export async function listStoreApplications(merchantId: string, storeId: string): Promise<ApplicationRecord[]> {
  const rows = await getDb()
    .selectFrom("store_applications")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toRecord);
}

/** Every sub-store's applications with the store's name (a store-limited caller: its store's), oldest change first. */
export async function listBoardApplications(ctx: AuthContext): Promise<(ApplicationRecord & { store_name: string })[]> {
  let query = getDb()
    .selectFrom("store_applications")
    .innerJoin("stores", "stores.id", "store_applications.store_id")
    .selectAll("store_applications")
    .select("stores.name as store_name")
    .where("store_applications.merchant_id", "=", ctx.merchantId);
  if (ctx.storeLimited) query = query.where("store_applications.store_id", "=", ctx.storeId);
  const rows = await query.orderBy("store_applications.status_changed_at").execute();
  return rows.map(({ store_name, ...row }) => ({ ...toRecord(row), store_name }));
}

/** An application the caller may see (store-limited callers: their store's only). */
export async function loadApplication(
  ctx: AuthContext,
  applicationId: string,
  db: Db | Tx = getDb(),
): Promise<ApplicationRecord> {
  let query = db
    .selectFrom("store_applications")
    .selectAll()
    .where("id", "=", applicationId)
    .where("merchant_id", "=", ctx.merchantId);
  if (ctx.storeLimited) query = query.where("store_id", "=", ctx.storeId);
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError("NOT_FOUND", "application not found");
  return toRecord(row);
}

export async function insertApplication(tx: Db | Tx, record: ApplicationRecord): Promise<void> {
  await tx
    .insertInto("store_applications")
    .values({
      ...record,
      methods: JSON.stringify(record.methods),
      pg_specific_info: JSON.stringify(record.pg_specific_info),
    })
    .execute();
}

/** Moves the status only from `from` (a concurrent move wins); false when it had changed. */
export async function moveApplication(
  tx: Db | Tx,
  app: ApplicationRecord,
  change: {
    to: ApplicationStatus;
    at: number;
    failedReason?: string;
    opened?: { pg_credential: string; channel_id: string };
  },
): Promise<boolean> {
  const updated = await tx
    .updateTable("store_applications")
    .set({
      status: change.to,
      status_changed_at: change.at,
      updated_at: change.at,
      ...(change.failedReason !== undefined ? { failed_reason: change.failedReason } : {}),
      ...(change.opened ?? {}),
    })
    .where("id", "=", app.id)
    .where("status", "=", app.status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Moves the provider contract status only from the one read; false when it had changed. */
export async function moveContract(
  tx: Db | Tx,
  app: ApplicationRecord,
  change: { from: ContractStatus; to: ContractStatus; at: number },
): Promise<boolean> {
  const updated = await tx
    .updateTable("store_applications")
    .set({ contract_status: change.to, contract_status_changed_at: change.at, updated_at: change.at })
    .where("id", "=", app.id)
    .where("contract_status", "=", change.from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function eventsByApplication(
  merchantId: string,
  applicationIds: string[],
): Promise<Map<string, ApplicationEventRecord[]>> {
  const map = new Map<string, ApplicationEventRecord[]>();
  if (applicationIds.length === 0) return map;
  const rows = await getDb()
    .selectFrom("store_application_events")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("application_id", "in", applicationIds)
    .orderBy("at")
    .orderBy("id")
    .execute();
  for (const r of rows) map.set(r.application_id, [...(map.get(r.application_id) ?? []), r]);
  return map;
}

export async function recordEvent(tx: Db | Tx, event: Omit<ApplicationEventRecord, "id">): Promise<void> {
  await tx
    .insertInto("store_application_events")
    .values({ id: newId("appev-"), ...event })
    .execute();
}

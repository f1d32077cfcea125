import { randomUUID } from "node:crypto";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { withTransaction, type Tx } from "@/lib/db/client";
import type { StoreApplicationsTable } from "@/lib/db/tables/stores";
import { newId, newSecret } from "@/lib/ids";
import { sealCredential } from "./credential";
import { loadApplication, recordEvent } from "./repository";
import type { ApplicationStatus, ContractStatus } from "./schema";
import { canMoveApplication, canMoveContract } from "./status";
import { requireHostingContract } from "@/lib/tenancy/hosting";

/** The provider a sandbox application opens on; an UNIDENTIFIED application is assigned NICE. */
function providerOf(pgCompany: string): string {
  return pgCompany === "UNIDENTIFIED" ? "NICE" : pgCompany;
}

/** Change times strictly increase per application, so its history has one order even within a millisecond. */
function nextChangeTime(lastChange: number): number {
  return Math.max(Date.now(), lastChange + 1);
}

/** On SERVICE_OPEN the store gets a TEST channel for the provider and generated credentials (once). */
async function openService(tx: Tx, app: StoreApplicationsTable, now: number) {
  if (app.pg_credential && app.channel_id) return {};
  const provider = providerOf(app.pg_company);
  const mid = `${provider.toLowerCase()}_sbx_${newSecret(6).toLowerCase().replace(/[^a-z0-9]/g, "0")}`;
  const credential = { created: now, modified: now, mid, api_key: `test_sk_${newSecret(24)}`, client_key: `test_ck_${newSecret(24)}`, mert_key: newSecret(24) };
  const channelId = newId("ch_");
  await tx
    .insertInto("channels")
    .values({
      id: channelId,
      merchant_id: app.merchant_id,
      store_id: app.store_id,
      key: `channel-key-${randomUUID()}`,
      name: `${provider} (onboarded, test)`,
      type: "TEST",
      pg_provider: provider,
      pg_merchant_id: mid,
      is_for_payment: 1,
      is_for_identity_verification: 0,
      created_at: now,
    })
    .execute();
  return { pg_credential: sealCredential(credential), channel_id: channelId };
}

/** Sandbox: moves an application to another status (recorded in its history). */
export async function advanceApplication({ ctx, input }: { ctx: AuthContext; input: { application_id: string; status: ApplicationStatus; reason?: string } }) {
  requireHostingContract(ctx);
  return withTransaction(async (tx) => {
    const app = await loadApplication(ctx, input.application_id, tx);
    const from = app.status as ApplicationStatus;
    if (!canMoveApplication(from, input.status)) throw new DomainError("INVALID_REQUEST", `status: an application cannot move from ${from} to ${input.status}`);
    const now = nextChangeTime(app.updated_at);
    const failed = ["APPLICATION_CANCELED", "CONTRACT_CANCELED", "CONTRACT_REJECTED"].includes(input.status);
    const extra = input.status === "SERVICE_OPEN" ? await openService(tx, app, now) : {};
    const updated = await tx
      .updateTable("store_applications")
      .set({ status: input.status, status_changed_at: now, updated_at: now, ...(failed ? { failed_reason: input.reason || input.status } : {}), ...extra })
      .where("id", "=", app.id)
      .where("status", "=", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new DomainError("INVALID_REQUEST", "the application changed meanwhile; reload");
    await recordEvent(tx, { merchant_id: app.merchant_id, application_id: app.id, field: "status", from_value: from, to_value: input.status, reason: input.reason || null, at: now });
    return { id: app.id, status: input.status };
  });
}

/** Sandbox: moves a Toss Payments application's contract status (recorded in its history). */
export async function advanceContract({ ctx, input }: { ctx: AuthContext; input: { application_id: string; status: ContractStatus } }) {
  requireHostingContract(ctx);
  return withTransaction(async (tx) => {
    const app = await loadApplication(ctx, input.application_id, tx);
    if (app.contract_status === null) throw new DomainError("INVALID_REQUEST", "only Toss Payments applications have a provider contract status");
    const from = app.contract_status as ContractStatus;
    if (!canMoveContract(from, input.status)) throw new DomainError("INVALID_REQUEST", `status: a contract cannot move from ${from} to ${input.status}`);
    const now = nextChangeTime(app.updated_at);
    const updated = await tx
      .updateTable("store_applications")
      .set({ contract_status: input.status, contract_status_changed_at: now, updated_at: now })
      .where("id", "=", app.id)
      .where("contract_status", "=", from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new DomainError("INVALID_REQUEST", "the application changed meanwhile; reload");
    await recordEvent(tx, { merchant_id: app.merchant_id, application_id: app.id, field: "contract_status", from_value: from, to_value: input.status, reason: null, at: now });
    return { id: app.id, contract_status: input.status };
  });
}

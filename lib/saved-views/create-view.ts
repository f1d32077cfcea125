import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors/domain-error";
import { newId } from "@/lib/ids";
import type { ViewUser } from "./access";
import { insertView } from "./repository";
import type { CreateViewInput } from "./schema";

function cleanQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const key of ["view", "page", "cols"]) params.delete(key);
  return params.toString();
}

export async function createView({
  ctx: me,
  input,
}: {
  ctx: ViewUser;
  input: CreateViewInput;
}): Promise<{ id: string }> {
  if (input.shared && me.role === "VIEWER")
    throw new DomainError("PERMISSION_DENIED", "viewers keep their views private");
  const id = newId("view_");
  const now = Date.now();
  await transaction(async (tx) => {
    await insertView(tx, {
      id,
      merchant_id: me.merchantId,
      user_id: me.userId,
      name: input.name,
      shared: input.shared ? 1 : 0,
      query: cleanQuery(input.query),
      columns: JSON.stringify(input.columns),
      created_at: now,
      updated_at: now,
    });
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "saved_view.create",
      targetId: id,
      after: { name: input.name, shared: input.shared },
    });
  });
  return { id };
}

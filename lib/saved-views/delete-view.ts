import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { loadEditableView, type ViewUser } from "./access";
import { deleteViewRow } from "./repository";

export async function deleteView({ ctx: me, input: { id } }: { ctx: ViewUser; input: { id: string } }): Promise<void> {
  const row = await loadEditableView(me, id);
  await transaction(async (tx) => {
    await deleteViewRow(tx, id);
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "saved_view.delete",
      targetId: id,
      before: { name: row.name, shared: row.shared === 1 },
    });
  });
}

import { recordAudit } from "@/lib/audit/record";
import { transaction } from "@/lib/db/transaction";
import { loadEditableView, type ViewUser } from "./access";
import { renameViewRow } from "./repository";

export async function renameView({
  ctx: me,
  input: { id, name },
}: {
  ctx: ViewUser;
  input: { id: string; name: string };
}): Promise<void> {
  const row = await loadEditableView(me, id);
  await transaction(async (tx) => {
    await renameViewRow(tx, id, name, Date.now());
    await recordAudit(tx, {
      merchantId: me.merchantId,
      action: "saved_view.rename",
      targetId: id,
      before: { name: row.name },
      after: { name },
    });
  });
}

import { listAudit } from "@/lib/audit/list-audit";
import { sealAuditChain } from "@/lib/audit/seal";
import { verifyAuditChains } from "@/lib/audit/verify";

/**
 * Entries are sealed into the chain just after their commit, in the background: tests seal the
 * merchant's chain first, then read the log as the page shows it, or verify it.
 */
export async function sealedAuditLog(merchantId: string, f: Parameters<typeof listAudit>[0]["input"]) {
  await sealAuditChain(merchantId);
  return listAudit({ ctx: { merchantId }, input: f });
}

export async function sealedAuditVerify(merchantId: string) {
  await sealAuditChain(merchantId);
  return verifyAuditChains({ merchantId });
}

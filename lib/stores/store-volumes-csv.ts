import type { AuthContext } from "@/lib/auth/context";
import { csvLine } from "@/lib/csv";
import { translate } from "@/lib/i18n/dictionary";
import { listStoreVolumes, type StoreVolume } from "./store-volumes";
import { VOLUME_PERIODS, type StoreVolumesQuery } from "./volumes-query";

const MODE = { LIVE: "실거래", TEST: "테스트" } as const;

/** Korean headers, amounts as plain integers (won) and the rate as a percentage, as the settlements CSV. */
const COLUMNS: [string, (r: StoreVolume) => string | number | null][] = [
  ["상점 ID", (r) => r.storeId],
  ["상점명", (r) => r.name],
  ["결제 금액(원)", (r) => r.volume],
  ["결제 건수", (r) => r.count],
  ["실패 건수", (r) => r.failed],
  ["승인율(%)", (r) => (r.approvalRate === null ? null : Math.round(r.approvalRate * 1000) / 10)],
  ["환불 금액(원)", (r) => r.refunds],
  ["환불 건수", (r) => r.refundCount],
  ["입점 상태", (r) => (r.onboarding ? translate("ko", `enum.applicationStatus.${r.onboarding}`) : "신청 없음")],
];

/** The all-stores view as CSV lines (same stores, period, data and order as the page), header first. */
export async function* exportStoreVolumesCsv({
  ctx,
  input,
}: {
  ctx: AuthContext & { stores: { id: string; name: string }[] };
  input: StoreVolumesQuery & { now?: number };
}): AsyncGenerator<string> {
  const rows = await listStoreVolumes({ ctx, input: { ...input, desc: input.dir === "desc" } });
  yield csvLine(["기간", "데이터", ...COLUMNS.map(([name]) => name)]);
  const period = `최근 ${VOLUME_PERIODS[input.period]}일`;
  for (const r of rows) yield csvLine([period, MODE[input.mode], ...COLUMNS.map(([, pick]) => pick(r))]);
}

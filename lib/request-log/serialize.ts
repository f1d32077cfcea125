import type { RequestLogListRow } from "./repository";

export type RequestLogRow = {
  id: string;
  method: string;
  path: string;
  paymentId: string | null;
  status: number;
  latencyMs: number;
  requestId: string;
  idempotencyKey: string | null;
  key: { id: string; name: string; prefix: string } | null;
  createdAt: string;
};

export type RequestLogDetail = RequestLogRow & { requestBody: string | null; responseBody: string | null };

export function toRequestLogRow(r: RequestLogListRow): RequestLogRow {
  return {
    id: r.id,
    method: r.method,
    path: r.path,
    paymentId: r.payment_id,
    status: Number(r.status),
    latencyMs: Number(r.latency_ms),
    requestId: r.request_id,
    idempotencyKey: r.idempotency_key,
    key: r.api_key_id ? { id: r.api_key_id, name: r.key_name ?? "", prefix: r.key_prefix ?? "" } : null,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  };
}

import { createDecipheriv, createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { billingKeyDataValidator, niceOperations, type NiceOperation } from "./document";
import {
  approveNumber,
  kstCompact,
  kstNow,
  NiceLedger,
  niceTid,
  signatureOf,
  type NiceBillingKey,
  type NiceMerchant,
  type NicePayment,
  type NiceReceipt,
} from "./ledger";

/**
 * A wire-level fake of NICE Payments' server API (docs/providers.md, "NICE Payments"), judged by
 * NICE's own OpenAPI document (./document.ts): every request must match an operation of the
 * document (path, parameters, body, no member the document does not list) and every answer the
 * fake gives is validated against the operation's 200 schema. Anything that does not is recorded
 * in `violations` (the request is answered 400): the test that sent it fails on that list.
 * Basic auth `clientKey:secretKey` (the secret key is 32 characters: it is encData's AES-256 key).
 * Faults, by a directive in goodsName / reason (or at random on POSTs, by `rates` / `setRates`):
 *   [nice:timeout]  processed, answered only after `slowMs` (find says `ready` meanwhile)
 *   [nice:lost]     processed, then the connection is dropped before the answer
 *   [nice:network]  the connection is dropped before anything is processed
 *   [nice:500]      HTTP 500, nothing processed
 *   [nice:garbled]  HTTP 200 with a body that is not JSON (no client can use it), nothing processed
 * Cards: 4000000000000002 is declined when charged (3095). Cash receipts: a receiptNo starting
 * 0109999 is refused (7001); `quirks.receiptNumberPending` issues without `approveNo` (NICE has
 * not got the tax office's number yet), and the look-up answers it once the quirk is off.
 * A repeated /v1/subscribe/regist orderId answers the first billing key (the document is silent).
 * A request's `signData`, when sent, must be the document's digest for its operation (else it is a
 * violation, answered A252); `unsigned` lists the operations that came without one.
 * `quirks.forgeSignatures` answers PaymentResponses with a `signature` that does not verify.
 */
export type NiceFault = "timeout" | "lost" | "network" | "500" | "garbled";
export type NiceFakeOptions = { slowMs?: number; port?: number; rates?: NiceRates };
/** Chance per POST of each fault, drawn when no directive names one (chaos runs). */
export type NiceRates = Partial<Record<"timeout" | "lost" | "network" | "500", number>>;
export type NiceQuirks = { unmaskedCards?: boolean; forgeSignatures?: boolean; receiptNumberPending?: boolean };

export type NiceFake = {
  baseUrl: string;
  ledger: NiceLedger;
  quirks: NiceQuirks;
  /** Requests and answers the document does not allow, as "operation: problem". */
  violations: string[];
  /** How many requests reached each operationId. */
  hits: Map<string, number>;
  /** operationIds of requests that came without signData, in order. */
  unsigned: string[];
  /** Faults the fake injected, by kind (directives and rates alike). */
  faults: Map<NiceFault, number>;
  /** Faults at random from now on (POSTs only: look-ups stay answered, as after an outage). */
  setRates(rates: NiceRates): void;
  /** Every answer from now on waits a random time in [min, max] ms first (a slow PG); [0, 0] for none. */
  setLatency(min: number, max: number): void;
  close(): Promise<void>;
};

const DECLINED = "4000000000000002";
type Answer = { status: number; body: unknown; operation?: NiceOperation };

function masked(cardNo: string): string {
  return `${cardNo.slice(0, 6)}${"*".repeat(cardNo.length - 10)}${cardNo.slice(-4)}`;
}

function credentialsOf(req: IncomingMessage): { clientKey: string; secretKey: string } | null {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const at = decoded.indexOf(":");
  if (at <= 0) return null;
  const clientKey = decoded.slice(0, at);
  const secretKey = decoded.slice(at + 1);
  return /^[SR]2_\w+$/.test(clientKey) && secretKey.length === 32 ? { clientKey, secretKey } : null;
}

/** encData as the document specifies: AES-256-CBC, key = SecretKey, IV = its first 16 characters, hex. */
function decryptEncData(encData: string, secretKey: string): Record<string, string> | null {
  try {
    const decipher = createDecipheriv(
      "aes-256-cbc",
      Buffer.from(secretKey, "utf8"),
      Buffer.from(secretKey.slice(0, 16), "utf8"),
    );
    const plain = Buffer.concat([decipher.update(Buffer.from(encData, "hex")), decipher.final()]).toString("utf8");
    return Object.fromEntries(new URLSearchParams(plain));
  } catch {
    return null;
  }
}

/** The fields each operation's signData covers (the document's rule, before ediDate + SecretKey). */
const SIGNED_FIELDS: Record<string, (params: Record<string, string>, b: Record<string, unknown>) => unknown[]> = {
  create_billing_key: (_, b) => [b.orderId],
  approve_billing_payment: (p, b) => [b.orderId, p.bid],
  expire_billing_key: (p, b) => [b.orderId, p.bid],
  cancel_payment: (p) => [p.tid],
  create_cash_receipt: (_, b) => [b.orderId, b.amount],
  cancel_cash_receipt: (p) => [p.tid],
  get_cash_receipt_status: (p) => [p.tid],
  find_payment_by_order_id: (p) => [p.tid],
};

/** "unsigned" without signData, a problem when it does not verify, null when it does. */
function signDataProblem(
  operationId: string,
  params: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
  secretKey: string,
): string | null {
  const b = { ...Object.fromEntries(query), ...((body ?? {}) as Record<string, unknown>) };
  if (b.signData === undefined) return "unsigned";
  const fields = SIGNED_FIELDS[operationId]?.(params, b);
  if (!fields || fields.some((f) => f === undefined)) return "signData sent where its fields are unknown";
  const expected = createHash("sha256")
    .update(`${fields.join("")}${String(b.ediDate ?? "")}${secretKey}`)
    .digest("hex");
  return b.signData === expected ? null : "signData does not verify";
}

export async function startNiceFake(options: NiceFakeOptions = {}): Promise<NiceFake> {
  const operations = niceOperations();
  const checkCardData = billingKeyDataValidator();
  const ledger = new NiceLedger();
  const violations: string[] = [];
  const hits = new Map<string, number>();
  const unsigned: string[] = [];
  const faults = new Map<NiceFault, number>();
  const slowMs = options.slowMs ?? 2_000;
  let rates: NiceRates = options.rates ?? {};
  let latency: [number, number] = [0, 0];
  const fake = { quirks: {} as NiceQuirks };

  function faultOf(body: unknown): NiceFault | null {
    const b = (body ?? {}) as Record<string, unknown>;
    const text = `${b.goodsName ?? ""} ${b.reason ?? ""}`;
    const directive = /\[nice:(timeout|lost|network|500|garbled)\]/.exec(text)?.[1] as NiceFault | undefined;
    if (directive) return directive;
    let draw = Math.random();
    for (const fault of ["timeout", "lost", "network", "500"] as const) {
      if (draw < (rates[fault] ?? 0)) return fault;
      draw -= rates[fault] ?? 0;
    }
    return null;
  }

  function paymentView(m: NiceMerchant, p: NicePayment, now = Date.now()) {
    const ediDate = kstNow();
    const card = m.billingKeys.get(p.bid);
    if (p.completesAt > now)
      return { resultCode: "0000", resultMsg: "처리중", tid: p.tid, orderId: p.orderId, status: "ready", ediDate };
    return {
      resultCode: p.resultCode,
      resultMsg: p.resultMsg,
      tid: p.tid,
      orderId: p.orderId,
      ediDate,
      signature: signatureOf(p.tid, p.amount, ediDate, fake.quirks.forgeSignatures ? "forged" : m.secretKey),
      status: p.status,
      ...(p.status === "failed" ? { failedAt: p.at } : { paidAt: p.at }),
      ...(p.cancels.length ? { cancelledAt: p.cancels.at(-1)?.cancelledAt } : {}),
      payMethod: "card",
      amount: p.amount,
      balanceAmt: p.balanceAmt,
      goodsName: p.goodsName,
      ...(p.mallReserved !== undefined ? { mallReserved: p.mallReserved } : {}),
      useEscrow: false,
      currency: "KRW",
      channel: "pc",
      approveNo: p.approveNo,
      issuedCashReceipt: false,
      receiptUrl: `https://npg.nicepay.co.kr/issue/IssueLoader.do?type=0&TID=${p.tid}`,
      card: {
        cardCode: "04",
        cardName: "삼성",
        cardNum: card ? (fake.quirks.unmaskedCards ? card.cardNo : masked(card.cardNo)) : "",
        cardQuota: p.cardQuota,
        isInterestFree: false,
        cardType: "credit",
        canPartCancel: "true",
        acquCardCode: "04",
        acquCardName: "삼성",
      },
    };
  }

  function regist(m: NiceMerchant, body: { encData: string; orderId: string }): Answer {
    const replay = m.billingKeysByOrder.get(body.orderId);
    const bk: NiceBillingKey | null = replay ?? null;
    if (!bk) {
      const data = decryptEncData(body.encData, m.secretKey);
      if (!data) return { status: 200, body: registFailure(body.orderId, "3011", "encData could not be decrypted") };
      const problems = checkCardData(data);
      if (problems.length) {
        violations.push(...problems.map((p) => `create_billing_key: ${p}`));
        return { status: 400, body: { resultCode: "A117", resultMsg: problems.join("; ") } };
      }
      const cardNo = data.cardNo ?? "";
      const created: NiceBillingKey = {
        bid: `BIKY${niceTid("bk").slice(10)}`.slice(0, 30),
        tid: niceTid("bk"),
        orderId: body.orderId,
        cardNo,
        authDate: kstNow(),
        expired: false,
      };
      m.billingKeys.set(created.bid, created);
      m.billingKeysByOrder.set(body.orderId, created);
      return registAnswer(created);
    }
    return registAnswer(bk);
  }

  function registAnswer(bk: NiceBillingKey): Answer {
    return {
      status: 200,
      body: {
        ResultCode: "0000",
        ResultMsg: "빌키가 정상적으로 생성되었습니다.",
        TID: bk.tid,
        OrderID: bk.orderId,
        BID: bk.bid,
        AuthDate: bk.authDate,
        CardCode: "04",
        CardName: "[삼성]",
      },
    };
  }

  function registFailure(orderId: string, code: string, message: string) {
    return {
      ResultCode: code,
      ResultMsg: message,
      TID: niceTid("bk"),
      OrderID: orderId,
      BID: "",
      AuthDate: kstNow(),
      CardCode: "04",
      CardName: "",
    };
  }

  function charge(m: NiceMerchant, bid: string, body: Record<string, unknown>, slow: boolean): Answer {
    const orderId = String(body.orderId);
    const existing = m.paymentsByOrder.get(orderId);
    if (existing)
      return { status: 200, body: { resultCode: "2201", resultMsg: "기승인존재", orderId, ediDate: kstNow() } };
    const bk = m.billingKeys.get(bid);
    if (!bk || bk.expired)
      return { status: 200, body: { resultCode: "3011", resultMsg: "카드번호 오류", orderId, ediDate: kstNow() } };
    const amount = Number(body.amount);
    const declined = bk.cardNo === DECLINED;
    const p: NicePayment = {
      tid: niceTid("bl"),
      orderId,
      amount,
      balanceAmt: declined ? 0 : amount,
      taxFreeAmt: Number(body.taxFreeAmt ?? 0),
      goodsName: String(body.goodsName),
      mallReserved: typeof body.mallReserved === "string" ? body.mallReserved : undefined,
      cardQuota: String(body.cardQuota),
      bid,
      status: declined ? "failed" : "paid",
      resultCode: declined ? "3095" : "0000",
      resultMsg: declined ? "카드사 실패 응답" : "정상 처리되었습니다.",
      approveNo: declined ? "" : approveNumber(),
      at: kstNow(),
      cancels: [],
      completesAt: slow ? Date.now() + slowMs : Date.now(),
    };
    m.payments.set(p.tid, p);
    m.paymentsByOrder.set(orderId, p);
    return { status: 200, body: paymentView(m, p, p.completesAt) };
  }

  function expire(m: NiceMerchant, bid: string, body: Record<string, unknown>): Answer {
    const bk = m.billingKeys.get(bid);
    const orderId = typeof body.orderId === "string" ? body.orderId : "";
    if (!bk)
      return {
        status: 200,
        body: { resultCode: "F113", resultMsg: "빌키 없음", tid: niceTid("ex"), orderId, bid, authDate: kstNow() },
      };
    bk.expired = true;
    return {
      status: 200,
      body: {
        resultCode: "0000",
        resultMsg: "빌링 정보가 정상적으로 삭제되었습니다.",
        tid: niceTid("ex"),
        orderId,
        bid,
        authDate: kstNow(),
      },
    };
  }

  function cancel(m: NiceMerchant, tid: string, body: Record<string, unknown>): Answer {
    const p = m.payments.get(tid);
    const orderId = typeof body.orderId === "string" ? body.orderId : undefined;
    const refuse = (code: string, msg: string) => ({
      status: 200,
      body: { resultCode: code, resultMsg: msg, tid, ...(orderId ? { orderId } : {}), ediDate: kstNow() },
    });
    if (!p || p.status === "failed") return refuse("2012", "취소 해당거래 없음");
    if (orderId && m.cancelsByOrder.has(orderId)) return refuse("2156", "중복등록된거래요청");
    if (p.balanceAmt === 0) return refuse("2013", "취소 완료 거래");
    const amount = body.cancelAmt === undefined ? p.balanceAmt : Number(body.cancelAmt);
    if (amount <= 0 || amount > p.balanceAmt) return refuse("2032", "취소금액이 취소가능금액보다 큼");
    const taxFreeAmt = Number(body.taxFreeAmt ?? 0);
    const taxFreeLeft = p.taxFreeAmt - p.cancels.reduce((s, c) => s + c.taxFreeAmt, 0);
    if (taxFreeAmt > taxFreeLeft || taxFreeAmt > amount) return refuse("1615", "거래금액 합계오류");
    const c = {
      cancelledTid: niceTid("cc"),
      orderId: orderId ?? "",
      amount,
      taxFreeAmt,
      reason: String(body.reason ?? ""),
      cancelledAt: kstNow(),
    };
    p.cancels.push(c);
    p.balanceAmt -= amount;
    p.status = p.balanceAmt === 0 ? "cancelled" : "partialCancelled";
    if (orderId) m.cancelsByOrder.set(orderId, { payment: p, cancel: c });
    return { status: 200, body: cancelView(m, p, c) };
  }

  function cancelView(m: NiceMerchant, p: NicePayment, c: NicePayment["cancels"][number]) {
    return {
      ...paymentView(m, p),
      resultCode: "2001",
      resultMsg: "취소 성공",
      orderId: c.orderId || p.orderId,
      cancelledTid: c.cancelledTid,
      cancelledAt: c.cancelledAt,
    };
  }

  function find(m: NiceMerchant, orderId: string): Answer {
    const p = m.paymentsByOrder.get(orderId);
    if (p) return { status: 200, body: paymentView(m, p) };
    const c = m.cancelsByOrder.get(orderId);
    if (c) return { status: 200, body: cancelView(m, c.payment, c.cancel) };
    return { status: 200, body: { resultCode: "2012", resultMsg: "주문번호없음", orderId, ediDate: kstNow() } };
  }

  function issueReceipt(m: NiceMerchant, b: Record<string, unknown>): Answer {
    const orderId = String(b.orderId);
    const receiptNo = String(b.receiptNo);
    const base = { tid: niceTid("cr"), orderId, ediDate: kstCompact() };
    if (receiptNo.startsWith("0109999"))
      return { status: 200, body: { resultCode: "7001", resultMsg: "현금영수증 발급 실패", ...base } };
    const amount = Number(b.amount);
    const parts = [b.supplyAmt, b.goodsVat, b.taxFreeAmt, b.serviceAmt].map((v) => Number(v ?? 0));
    if (b.supplyAmt !== undefined && parts.reduce((s, v) => s + v, 0) !== amount)
      return { status: 200, body: { resultCode: "1615", resultMsg: "거래금액 합계오류", ...base } };
    const r: NiceReceipt = {
      tid: base.tid,
      orderId,
      amount,
      supplyAmt: parts[0],
      goodsVat: parts[1],
      taxFreeAmt: parts[2],
      receiptType: String(b.receiptType),
      receiptNo,
      approveNo: fake.quirks.receiptNumberPending ? "" : approveNumber(),
      cancelled: false,
    };
    m.receipts.set(r.tid, r);
    return {
      status: 200,
      body: {
        resultCode: "0000",
        resultMsg: "정상 처리되었습니다.",
        ...base,
        ...(r.approveNo ? { approveNo: r.approveNo, approvedAt: base.ediDate } : {}),
      },
    };
  }

  function cancelReceipt(m: NiceMerchant, tid: string, b: Record<string, unknown>): Answer {
    const r = m.receipts.get(tid);
    const orderId = typeof b.orderId === "string" ? b.orderId : (r?.orderId ?? "");
    const answer = (code: string, msg: string, cancelAmt: number, balanceAmt: number) => ({
      status: 200,
      body: {
        resultCode: code,
        resultMsg: msg,
        tid: niceTid("cx"),
        orderId,
        cancelAmt,
        balanceAmt,
        cancelledAt: code === "0000" ? kstCompact() : "0",
        ediDate: kstCompact(),
      },
    });
    if (!r) return answer("2012", "취소 해당거래 없음", 0, 0);
    if (r.cancelled) return answer("2013", "취소 완료 거래", 0, 0);
    r.cancelled = true;
    return answer("0000", "정상 처리되었습니다.", r.amount, 0);
  }

  function readReceipt(m: NiceMerchant, tid: string): Answer {
    const r = m.receipts.get(tid);
    const ediDate = kstCompact();
    if (!r) return { status: 200, body: { resultCode: "2012", resultMsg: "거래없음", tid, orderId: "", ediDate } };
    if (!r.approveNo && !fake.quirks.receiptNumberPending) r.approveNo = approveNumber();
    return {
      status: 200,
      body: {
        resultCode: "0000",
        resultMsg: "정상 처리되었습니다.",
        tid,
        orderId: r.orderId,
        ediDate,
        ...(r.approveNo ? { approveNo: r.approveNo } : {}),
      },
    };
  }

  function route(m: NiceMerchant, op: NiceOperation, params: Record<string, string>, body: unknown, slow: boolean) {
    const b = (body ?? {}) as Record<string, unknown>;
    switch (op.operationId) {
      case "create_billing_key":
        return regist(m, { encData: String(b.encData), orderId: String(b.orderId) });
      case "approve_billing_payment":
        return charge(m, params.bid ?? "", b, slow);
      case "expire_billing_key":
        return expire(m, params.bid ?? "", b);
      case "cancel_payment":
        return cancel(m, params.tid ?? "", b);
      case "find_payment_by_order_id":
        return find(m, params.orderId ?? "");
      case "create_cash_receipt":
        return issueReceipt(m, b);
      case "cancel_cash_receipt":
        return cancelReceipt(m, params.tid ?? "", b);
      case "get_cash_receipt_status":
        return readReceipt(m, params.tid ?? "");
      default:
        return null;
    }
  }

  function send(res: ServerResponse, answer: Answer): void {
    if (answer.status === 200 && answer.operation) {
      for (const problem of answer.operation.checkAnswer(answer.body))
        violations.push(`${answer.operation.operationId} (answer): ${problem}`);
    }
    res.writeHead(answer.status, { "content-type": "application/json;charset=utf-8" });
    res.end(JSON.stringify(answer.body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://nice.fake");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    const wait = latency[0] + Math.random() * (latency[1] - latency[0]);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    let op: NiceOperation | undefined;
    let params: Record<string, string> | null = null;
    for (const candidate of operations) {
      if (candidate.method !== method) continue;
      params = candidate.match(url.pathname);
      if (params) {
        op = candidate;
        break;
      }
    }
    if (!op || !params) {
      violations.push(`${method} ${url.pathname}: no such operation in the document`);
      return send(res, { status: 404, body: { resultCode: "A112", resultMsg: "no such operation" } });
    }
    hits.set(op.operationId, (hits.get(op.operationId) ?? 0) + 1);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      violations.push(`${op.operationId}: the body is not JSON`);
      return send(res, { status: 400, body: { resultCode: "A117", resultMsg: "not JSON" } });
    }
    const problems = op.checkRequest(params, url.searchParams, body);
    if (body !== undefined && !String(req.headers["content-type"] ?? "").startsWith("application/json"))
      problems.push("a JSON body is sent as application/json");
    if (problems.length) {
      violations.push(...problems.map((p) => `${op.operationId}: ${p}`));
      return send(res, { status: 400, body: { resultCode: "A117", resultMsg: problems.join("; ") } });
    }
    const credentials = credentialsOf(req);
    if (!credentials) return send(res, { status: 401, body: { resultCode: "A114", resultMsg: "unauthorized" } });
    const merchant = ledger.merchant(credentials.clientKey, credentials.secretKey);
    if (merchant.secretKey !== credentials.secretKey)
      return send(res, { status: 401, body: { resultCode: "A114", resultMsg: "unauthorized" } });
    const signData = signDataProblem(op.operationId, params, url.searchParams, body, merchant.secretKey);
    if (signData === "unsigned") unsigned.push(op.operationId);
    else if (signData) {
      violations.push(`${op.operationId}: ${signData}`);
      return send(res, { status: 200, body: { resultCode: "A252", resultMsg: signData } });
    }
    const fault = method === "POST" ? faultOf(body) : null;
    if (fault) faults.set(fault, (faults.get(fault) ?? 0) + 1);
    if (fault === "network") return void res.socket?.destroy();
    if (fault === "500") return send(res, { status: 500, body: { resultCode: "2000", resultMsg: "DB오류" } });
    if (fault === "garbled") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>busy</html>");
    const answer = route(merchant, op, params, body, fault === "timeout");
    if (!answer) {
      violations.push(`${op.operationId}: not served by the fake`);
      return send(res, { status: 501, body: { resultCode: "A112", resultMsg: "not served by the fake" } });
    }
    if (fault === "timeout") await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (fault === "lost") return void res.socket?.destroy();
    send(res, { ...answer, operation: op });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      violations.push(`fake error: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    ledger,
    violations,
    hits,
    unsigned,
    faults,
    setRates(next: NiceRates) {
      rates = next;
    },
    setLatency(min: number, max: number) {
      latency = [min, max];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

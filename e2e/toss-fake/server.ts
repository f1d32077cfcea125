import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { digits, FakeLedger, kstNow, tossKey, type FakePayment, type Stored } from "./ledger";
import { listSettlements, SettlementQueryError, type FakeSettlementTerms } from "./settlements";

/**
 * A wire-level fake of Toss Payments' v1 API for tests (docs/providers.md): the documented
 * requests (a body member the reference does not list, or a required one missing, is 400
 * INVALID_REQUEST), responses and error objects of key-in, virtual accounts, billing, cancel, look-up by
 * order id, transaction listing and settlement listing (e2e/toss-fake/settlements.ts); Basic auth with the secret key; Idempotency-Key replays (the
 * same key, API key, method and path answer the first response; a replay while the first runs is
 * 409). Faults, by a directive in orderName / cancelReason or by rates given at start:
 *   [toss:timeout]  processed, but answered only after `slowMs` (the caller gives up first)
 *   [toss:lost]     processed, then the connection is dropped before the answer
 *   [toss:network]  the connection is dropped before anything is processed
 *   [toss:500]      500 FAILED_INTERNAL_SYSTEM_PROCESSING, nothing processed
 *   [toss:nocode]   400 with an error object that has no `code` (an answer no client can use), nothing processed
 * Cards: 4000000000000002 declined (REJECT_CARD_COMPANY), 4000000000000119 PROVIDER_ERROR,
 * 4000000000000341 billing charges declined, 4000000000000259 cancels refused.
 */
export type TossFault = "timeout" | "lost" | "network" | "500" | "nocode";
/** `port`: a fixed port, for a server started before the fake (Playwright's, see e2e/toss-fake/port.ts); 0 picks a free one. */
export type TossFakeOptions = {
  slowMs?: number;
  rates?: Partial<Record<TossFault, number>>;
  port?: number;
  /** The settlement listing's fee rate and payout cycle (default 250 bps, D+1). */
  settlement?: Partial<FakeSettlementTerms>;
};
/**
 * Answers a real Toss (or a misconfigured endpoint) may give, switched on per test to show what the
 * adapter does with them: card numbers unmasked, a cancel answer whose newest `cancels[]` entry has
 * no transactionKey, a virtual account's refund reported with this `refundStatus`.
 */
export type TossQuirks = {
  unmaskedCards?: boolean;
  cancelWithoutTransactionKey?: boolean;
  refundStatus?: "NONE" | "PENDING" | "FAILED" | "PARTIAL_FAILED" | "COMPLETED";
};
export type TossFake = {
  baseUrl: string;
  /** Switched on by a test and reset to {} by it (the fake is shared by a file's tests). */
  quirks: TossQuirks;
  ledger: FakeLedger;
  /** How many requests reached each "METHOD path-pattern" (replays included). */
  hits: Map<string, number>;
  /** The bank pays into the account: DONE, and the DEPOSIT_CALLBACK body Toss would send. */
  deposit(
    secretKey: string,
    orderId: string,
  ): { createdAt: string; secret: string; status: "DONE"; transactionKey: string; orderId: string };
  setRates(rates: Partial<Record<TossFault, number>>): void;
  /** Changes the settlement listing's fee rate or payout cycle (a test's fee above the contract). */
  setSettlementTerms(terms: Partial<FakeSettlementTerms>): void;
  /** Stops listening and drops every open connection: a new connection is refused (ECONNREFUSED). */
  refuseConnections(): void;
  /** Listens again on the same port, after `refuseConnections`. */
  acceptConnections(): Promise<void>;
  close(): Promise<void>;
};

const DECLINED = "4000000000000002";
const PROVIDER_ERROR = "4000000000000119";
const CHARGES_DECLINED = "4000000000000341";
const CANCEL_REFUSED = "4000000000000259";
const BANKS = new Set(["39", "34", "04", "03", "11", "31", "32", "45", "07", "88", "20", "71", "37", "89", "81"]);

class TossError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new TossError(400, "INVALID_REQUEST", message);

function secretKeyOf(req: IncomingMessage): string {
  const header = req.headers.authorization ?? "";
  const decoded = header.startsWith("Basic ") ? Buffer.from(header.slice(6), "base64").toString("utf8") : "";
  if (!decoded.endsWith(":"))
    throw new TossError(401, "INCORRECT_BASIC_AUTH_FORMAT", "잘못된 요청입니다. ':' 를 포함해 인코딩해주세요.");
  const key = decoded.slice(0, -1);
  if (!/^(live|test)_sk_/.test(key) || key.includes("revoked"))
    throw new TossError(401, "UNAUTHORIZED_KEY", "인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.");
  return key;
}

function mIdOf(secretKey: string): string {
  return `mid_${secretKey.slice(-6)}`;
}

function requireString(body: Record<string, unknown>, name: string, max = 300): string {
  const v = body[name];
  if (typeof v !== "string" || v.length === 0 || v.length > max) throw invalid(`${name} 값이 올바르지 않습니다.`);
  return v;
}

function requireAmount(body: Record<string, unknown>, name = "amount"): number {
  const v = body[name];
  if (typeof v !== "number" || !Number.isInteger(v) || v <= 0) throw invalid(`${name} 값이 올바르지 않습니다.`);
  return v;
}

/** Toss's optional taxFreeAmount: an integer from 0 to the amount it is part of. */
function taxFreeOf(body: Record<string, unknown>, amount: number): number {
  const v = body.taxFreeAmount ?? 0;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > amount)
    throw invalid("taxFreeAmount 값이 올바르지 않습니다.");
  return v;
}

function requireOrderId(body: Record<string, unknown>): string {
  const orderId = requireString(body, "orderId", 64);
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(orderId))
    throw invalid("orderId는 영문 대소문자, 숫자, 특수문자 -, _ 로 이루어진 6자 이상 64자 이하의 문자열이어야 합니다.");
  return orderId;
}

function masked(cardNumber: string): string {
  return `${cardNumber.slice(0, 8)}${"*".repeat(cardNumber.length - 12)}${cardNumber.slice(-4, -1)}*`;
}

function cardOf(body: Record<string, unknown>, unmasked = false) {
  const number = requireString(body, "cardNumber", 20);
  requireString(body, "cardExpirationYear", 2);
  requireString(body, "cardExpirationMonth", 2);
  const identity = requireString(body, "customerIdentityNumber", 10);
  return {
    number,
    card: {
      issuerCode: "61",
      acquirerCode: "31",
      number: unmasked ? number : masked(number),
      installmentPlanMonths: Number(body.cardInstallmentPlan ?? 0),
      isInterestFree: false,
      approveNo: digits(8),
      useCardPoint: false,
      cardType: "신용",
      ownerType: identity.length === 10 ? "법인" : "개인",
      acquireStatus: "READY",
    },
  };
}

function view(p: FakePayment, now = Date.now()) {
  const { behaviour: _b, completesAt, customerKey: _c, ...fields } = p;
  // Toss works the supply amount and VAT out of the taxable part of what is left.
  const taxable = p.balanceAmount - (p.taxFreeAmount - cancelledTaxFree(p));
  const suppliedAmount = Math.round(taxable / 1.1);
  const wire = { ...fields, suppliedAmount, vat: taxable - suppliedAmount };
  // While the provider still processes a request, its record says so.
  return now < completesAt ? { ...wire, status: "IN_PROGRESS" } : wire;
}

function cancelledTaxFree(p: FakePayment): number {
  return (p.cancels ?? []).reduce((sum, c) => sum + c.taxFreeAmount, 0);
}

function newPayment(
  secretKey: string,
  fields: Partial<FakePayment> & Pick<FakePayment, "orderId" | "orderName" | "method" | "totalAmount" | "status">,
  slow: boolean,
  slowMs: number,
): FakePayment {
  const now = Date.now();
  return {
    mId: mIdOf(secretKey),
    paymentKey: tossKey("tgen_"),
    currency: "KRW",
    balanceAmount: fields.totalAmount,
    taxFreeAmount: 0,
    requestedAt: kstNow(now),
    approvedAt: fields.status === "DONE" ? kstNow(now) : null,
    lastTransactionKey: null,
    card: null,
    virtualAccount: null,
    cancels: null,
    failure: null,
    secret: null,
    type: "NORMAL",
    customerKey: null,
    behaviour: null,
    completesAt: slow ? now + slowMs : now,
    ...fields,
  };
}

/**
 * The request body members Toss's v1 reference lists per endpoint (required first, then optional).
 * A member it does not list, or a required one missing, is refused as Toss does: 400 INVALID_REQUEST.
 */
const MEMBERS: Array<{ path: RegExp; required: string[]; optional: string[] }> = [
  {
    path: /^\/v1\/payments\/key-in$/,
    required: [
      "amount",
      "orderId",
      "orderName",
      "cardNumber",
      "cardExpirationYear",
      "cardExpirationMonth",
      "customerIdentityNumber",
    ],
    optional: [
      "cardPassword",
      "cardInstallmentPlan",
      "useFreeInstallmentPlan",
      "taxFreeAmount",
      "customerEmail",
      "customerName",
      "vbv",
    ],
  },
  {
    path: /^\/v1\/virtual-accounts$/,
    required: ["amount", "orderId", "orderName", "customerName", "bank"],
    optional: [
      "accountType",
      "accountKey",
      "validHours",
      "dueDate",
      "customerEmail",
      "customerMobilePhone",
      "taxFreeAmount",
      "useEscrow",
      "cashReceipt",
      "escrowProducts",
    ],
  },
  {
    path: /^\/v1\/billing\/authorizations\/card$/,
    required: ["customerKey", "cardNumber", "cardExpirationYear", "cardExpirationMonth", "customerIdentityNumber"],
    optional: ["cardPassword", "customerName", "customerEmail", "vbv"],
  },
  {
    path: /^\/v1\/billing\/(?!authorizations)[^/]+$/,
    required: ["customerKey", "amount", "orderId", "orderName"],
    optional: [
      "customerEmail",
      "customerName",
      "customerMobilePhone",
      "taxFreeAmount",
      "taxExemptionAmount",
      "cardInstallmentPlan",
    ],
  },
  {
    path: /^\/v1\/payments\/[^/]+\/cancel$/,
    required: ["cancelReason"],
    optional: ["cancelAmount", "refundReceiveAccount", "taxFreeAmount", "currency"],
  },
];

/** Refuses a POST body with a member the reference does not list for its endpoint, or without a required one. */
function checkMembers(path: string, body: Record<string, unknown>): void {
  const spec = MEMBERS.find((m) => m.path.test(path));
  if (!spec) return;
  const listed = new Set([...spec.required, ...spec.optional]);
  const unlisted = Object.keys(body).find((k) => !listed.has(k));
  if (unlisted) throw invalid(`${unlisted}: 알 수 없는 파라미터입니다.`);
  const missing = spec.required.find((k) => body[k] === undefined || body[k] === null);
  if (missing) throw invalid(`${missing}: 필수 파라미터가 누락되었습니다.`);
}

export async function startTossFake(options: TossFakeOptions = {}): Promise<TossFake> {
  const ledger = new FakeLedger();
  const hits = new Map<string, number>();
  const slowMs = options.slowMs ?? 2_000;
  const quirks: TossQuirks = {};
  let rates = options.rates ?? {};
  const settlementTerms: FakeSettlementTerms = { feeBps: 250, payoutDays: 1, ...options.settlement };

  function faultFor(text: unknown): TossFault | null {
    const directive = /\[toss:(timeout|lost|network|500|nocode)\]/.exec(typeof text === "string" ? text : "");
    if (directive) return directive[1] as TossFault;
    let draw = Math.random();
    for (const fault of ["timeout", "lost", "network", "500"] as TossFault[]) {
      if (draw < (rates[fault] ?? 0)) return fault;
      draw -= rates[fault] ?? 0;
    }
    return null;
  }

  /** Records a new order (a repeated orderId with another Idempotency-Key is refused, as Toss does). */
  function claimOrder(secretKey: string, orderId: string): void {
    if (ledger.payment(secretKey, orderId))
      throw new TossError(
        400,
        "DUPLICATED_ORDER_ID",
        "이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.",
      );
  }

  function keyIn(secretKey: string, body: Record<string, unknown>, slow: boolean) {
    const amount = requireAmount(body);
    const taxFree = taxFreeOf(body, amount);
    const orderId = requireOrderId(body);
    const orderName = requireString(body, "orderName", 100);
    const { number, card } = cardOf(body, quirks.unmaskedCards);
    claimOrder(secretKey, orderId);
    const refusal =
      number === DECLINED
        ? new TossError(403, "REJECT_CARD_COMPANY", "결제 승인이 거절되었습니다.")
        : number === PROVIDER_ERROR
          ? new TossError(400, "PROVIDER_ERROR", "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.")
          : null;
    const p = newPayment(
      secretKey,
      {
        orderId,
        orderName,
        method: "카드",
        totalAmount: amount,
        status: refusal ? "ABORTED" : "DONE",
        card: refusal ? null : card,
        behaviour: number === CANCEL_REFUSED ? "CANCEL_REFUSED" : null,
        taxFreeAmount: taxFree,
      },
      slow,
      slowMs,
    );
    if (refusal) p.failure = { code: refusal.code, message: refusal.message };
    ledger.record(secretKey, p);
    if (refusal) throw refusal;
    ledger.transact(secretKey, p, amount, "DONE");
    return p;
  }

  function virtualAccount(secretKey: string, body: Record<string, unknown>, slow: boolean) {
    const amount = requireAmount(body);
    const orderId = requireOrderId(body);
    const orderName = requireString(body, "orderName", 100);
    const taxFree = taxFreeOf(body, amount);
    const customerName = requireString(body, "customerName", 100);
    const bank = requireString(body, "bank", 20);
    if (!BANKS.has(bank)) throw new TossError(400, "INVALID_BANK", "유효하지 않은 은행입니다.");
    claimOrder(secretKey, orderId);
    const due = typeof body.dueDate === "string" ? Date.parse(`${body.dueDate}+09:00`) : Date.now() + 7 * 86_400_000;
    const p = newPayment(
      secretKey,
      {
        orderId,
        orderName,
        method: "가상계좌",
        totalAmount: amount,
        taxFreeAmount: taxFree,
        status: "WAITING_FOR_DEPOSIT",
        secret: tossKey("ps_"),
        virtualAccount: {
          accountType: "일반",
          accountNumber: `X${digits(13)}`,
          bankCode: bank,
          customerName,
          dueDate: kstNow(due),
          refundStatus: "NONE",
          expired: false,
          settlementStatus: "INCOMPLETED",
          refundReceiveAccount: null,
        },
      },
      slow,
      slowMs,
    );
    ledger.record(secretKey, p);
    ledger.transact(secretKey, p, amount, "WAITING_FOR_DEPOSIT");
    return p;
  }

  function authorizeBilling(secretKey: string, body: Record<string, unknown>) {
    const customerKey = requireString(body, "customerKey", 300);
    const { number, card } = cardOf(body, quirks.unmaskedCards);
    if (number === DECLINED) throw new TossError(403, "REJECT_CARD_COMPANY", "결제 승인이 거절되었습니다.");
    const billingKey = tossKey("bk_");
    const behaviour =
      number === CHARGES_DECLINED ? "CHARGES_DECLINED" : number === CANCEL_REFUSED ? "CANCEL_REFUSED" : null;
    ledger.billingKeys.set(`${secretKey}|${billingKey}`, {
      billingKey,
      customerKey,
      mId: mIdOf(secretKey),
      card,
      behaviour,
    });
    return {
      mId: mIdOf(secretKey),
      customerKey,
      authenticatedAt: kstNow(),
      method: "카드",
      billingKey,
      cardCompany: "현대",
      cardNumber: card.number,
      card: {
        issuerCode: card.issuerCode,
        acquirerCode: card.acquirerCode,
        number: card.number,
        cardType: card.cardType,
        ownerType: card.ownerType,
      },
    };
  }

  function chargeBilling(secretKey: string, billingKey: string, body: Record<string, unknown>, slow: boolean) {
    const key = ledger.billingKeys.get(`${secretKey}|${billingKey}`);
    const amount = requireAmount(body);
    const taxFree = taxFreeOf(body, amount);
    const orderId = requireOrderId(body);
    const orderName = requireString(body, "orderName", 100);
    if (!key) throw new TossError(404, "NOT_FOUND_BILLING_KEY", "존재하지 않는 빌링키 입니다.");
    if (body.customerKey !== key.customerKey)
      throw new TossError(403, "NOT_MATCHES_CUSTOMER_KEY", "빌링 인증 고객키와 결제 요청 고객키가 일치하지 않습니다.");
    claimOrder(secretKey, orderId);
    const declined = key.behaviour === "CHARGES_DECLINED";
    const p = newPayment(
      secretKey,
      {
        orderId,
        orderName,
        method: "카드",
        totalAmount: amount,
        taxFreeAmount: taxFree,
        status: declined ? "ABORTED" : "DONE",
        type: "BILLING",
        customerKey: key.customerKey,
        card: declined ? null : { ...key.card, approveNo: digits(8) },
        behaviour: key.behaviour === "CANCEL_REFUSED" ? "CANCEL_REFUSED" : null,
      },
      slow,
      slowMs,
    );
    if (declined) p.failure = { code: "REJECT_CARD_COMPANY", message: "결제 승인이 거절되었습니다." };
    ledger.record(secretKey, p);
    if (declined) throw new TossError(403, "REJECT_CARD_COMPANY", "결제 승인이 거절되었습니다.");
    ledger.transact(secretKey, p, amount, "DONE");
    return p;
  }

  function cancel(secretKey: string, paymentKey: string, body: Record<string, unknown>) {
    const p = ledger.paymentByKey(secretKey, paymentKey);
    if (!p) throw new TossError(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
    const reason = requireString(body, "cancelReason", 200);
    if (p.status === "CANCELED") throw new TossError(400, "ALREADY_CANCELED_PAYMENT", "이미 취소된 결제 입니다.");
    if (p.status === "ABORTED" || p.status === "IN_PROGRESS")
      throw new TossError(403, "NOT_CANCELABLE_PAYMENT", "취소 할 수 없는 결제 입니다.");
    if (p.behaviour === "CANCEL_REFUSED")
      throw new TossError(403, "NOT_CANCELABLE_PAYMENT", "취소 할 수 없는 결제 입니다.");
    const amount = body.cancelAmount === undefined ? p.balanceAmount : requireAmount(body, "cancelAmount");
    if (amount > p.balanceAmount) throw new TossError(403, "NOT_CANCELABLE_AMOUNT", "취소 할 수 없는 금액 입니다.");
    const waiting = p.status === "WAITING_FOR_DEPOSIT";
    if (waiting && amount !== p.balanceAmount)
      throw new TossError(
        403,
        "NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT",
        "입금 대기중인 결제는 부분 환불이 불가합니다.",
      );
    if (p.method === "가상계좌" && !waiting) {
      const account = body.refundReceiveAccount as Record<string, unknown> | undefined;
      if (
        !account ||
        typeof account.bank !== "string" ||
        typeof account.accountNumber !== "string" ||
        typeof account.holderName !== "string"
      ) {
        throw new TossError(400, "INVALID_REFUND_ACCOUNT_INFO", "환불 계좌번호와 예금주명이 일치하지 않습니다.");
      }
    }
    const taxFree = taxFreeOf(body, amount);
    if (taxFree > p.taxFreeAmount - cancelledTaxFree(p))
      throw new TossError(403, "NOT_CANCELABLE_AMOUNT", "취소 할 수 없는 금액 입니다.");
    p.balanceAmount -= amount;
    if (p.method === "가상계좌" && !waiting && p.virtualAccount)
      p.virtualAccount = {
        ...p.virtualAccount,
        refundStatus: "COMPLETED",
        refundReceiveAccount: body.refundReceiveAccount,
      };
    p.status = p.balanceAmount === 0 ? "CANCELED" : "PARTIAL_CANCELED";
    const transactionKey = ledger.transact(secretKey, p, amount, p.status);
    p.cancels = [
      ...(p.cancels ?? []),
      {
        transactionKey,
        cancelAmount: amount,
        taxFreeAmount: taxFree,
        cancelReason: reason,
        canceledAt: kstNow(),
        cancelStatus: "DONE",
        refundableAmount: p.balanceAmount,
      },
    ];
    return p;
  }

  function listTransactions(secretKey: string, url: URL) {
    const start = Date.parse(`${url.searchParams.get("startDate")}+09:00`);
    const end = Date.parse(`${url.searchParams.get("endDate")}+09:00`);
    if (!Number.isFinite(start) || !Number.isFinite(end)) throw invalid("startDate, endDate 값이 올바르지 않습니다.");
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 100), 10_000);
    let rows = (ledger.transactions.get(secretKey) ?? []).filter(
      (t) => Date.parse(t.transactionAt) >= Math.floor(start / 1000) * 1000 && Date.parse(t.transactionAt) <= end,
    );
    const after = url.searchParams.get("startingAfter");
    if (after) {
      const at = rows.findIndex((t) => t.transactionKey === after);
      if (at < 0) throw new TossError(400, "INVALID_TRANSACTION_KEY", "잘못된 페이징 키 입니다.");
      rows = rows.slice(at + 1);
    }
    return rows.slice(0, limit);
  }

  /** Routes one request; returns the answer and whether processing was slowed by a fault. */
  function route(secretKey: string, method: string, url: URL, body: Record<string, unknown>, slow: boolean): Stored {
    const path = url.pathname;
    if (method === "POST") checkMembers(path, body);
    /** The path's one parameter when it matches `re`. */
    const param = (re: RegExp): string | undefined => {
      const hit = re.exec(path)?.[1];
      return hit === undefined ? undefined : decodeURIComponent(hit);
    };
    if (method === "POST" && path === "/v1/payments/key-in")
      return { status: 200, body: view(keyIn(secretKey, body, slow), Number.POSITIVE_INFINITY) };
    if (method === "POST" && path === "/v1/virtual-accounts")
      return { status: 200, body: view(virtualAccount(secretKey, body, slow), Number.POSITIVE_INFINITY) };
    if (method === "POST" && path === "/v1/billing/authorizations/card")
      return { status: 200, body: authorizeBilling(secretKey, body) };
    if (method === "POST") {
      const billingKey = param(/^\/v1\/billing\/([^/]+)$/);
      if (billingKey !== undefined)
        return {
          status: 200,
          body: view(chargeBilling(secretKey, billingKey, body, slow), Number.POSITIVE_INFINITY),
        };
      const cancelled = param(/^\/v1\/payments\/([^/]+)\/cancel$/);
      if (cancelled !== undefined)
        return { status: 200, body: view(cancel(secretKey, cancelled, body), Number.POSITIVE_INFINITY) };
    }
    if (method === "GET") {
      const orderId = param(/^\/v1\/payments\/orders\/([^/]+)$/);
      if (orderId !== undefined) {
        const p = ledger.payment(secretKey, orderId);
        if (!p) throw new TossError(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
        return { status: 200, body: view(p) };
      }
      const paymentKey = param(/^\/v1\/payments\/([^/]+)$/);
      if (paymentKey !== undefined) {
        const p = ledger.paymentByKey(secretKey, paymentKey);
        if (!p) throw new TossError(404, "NOT_FOUND_PAYMENT", "존재하지 않는 결제 정보 입니다.");
        return { status: 200, body: view(p) };
      }
    }
    if (method === "GET" && path === "/v1/transactions") return { status: 200, body: listTransactions(secretKey, url) };
    if (method === "GET" && path === "/v1/settlements") {
      try {
        return { status: 200, body: listSettlements(ledger, secretKey, url, settlementTerms) };
      } catch (error) {
        throw error instanceof SettlementQueryError ? invalid(error.message) : error;
      }
    }
    throw new TossError(404, "NOT_FOUND", "존재하지 않는 정보 입니다.");
  }

  /** The answer as the quirks switched on bend it on the wire (the fake's own records stay right). */
  function quirked(answer: Stored): Stored {
    const body = answer.body as { cancels?: Array<Record<string, unknown>> | null; virtualAccount?: unknown };
    if (answer.status !== 200 || !body || typeof body !== "object" || Array.isArray(body)) return answer;
    let out = body as Record<string, unknown>;
    if (quirks.cancelWithoutTransactionKey && body.cancels?.length) {
      const cancels = body.cancels.map((c) => ({ ...c }));
      delete cancels[cancels.length - 1]!.transactionKey;
      out = { ...out, cancels };
    }
    if (quirks.refundStatus && body.cancels?.length && body.virtualAccount)
      out = { ...out, virtualAccount: { ...(body.virtualAccount as object), refundStatus: quirks.refundStatus } };
    return { status: answer.status, body: out };
  }

  function send(res: ServerResponse, answer: Stored): void {
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  }

  function pattern(method: string, path: string): string {
    return `${method} ${path
      .replace(/^\/v1\/payments\/orders\/[^/]+$/, "/v1/payments/orders/:orderId")
      .replace(/^\/v1\/payments\/(?!key-in|orders)[^/]+(\/cancel)?$/, "/v1/payments/:paymentKey$1")
      .replace(/^\/v1\/billing\/(?!authorizations)[^/]+$/, "/v1/billing/:billingKey")}`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    hits.set(pattern(method, url.pathname), (hits.get(pattern(method, url.pathname)) ?? 0) + 1);
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let secretKey: string;
    let body: Record<string, unknown> = {};
    try {
      secretKey = secretKeyOf(req);
      if (raw) body = JSON.parse(raw) as Record<string, unknown>;
    } catch (error) {
      return send(
        res,
        error instanceof TossError
          ? { status: error.status, body: { code: error.code, message: error.message } }
          : { status: 400, body: { code: "INVALID_REQUEST", message: "잘못된 요청입니다." } },
      );
    }
    const fault = method === "POST" ? faultFor(body.orderName ?? body.cancelReason) : null;
    if (fault === "network") return void res.socket?.destroy();
    if (fault === "nocode") return send(res, { status: 400, body: { message: "잘못된 요청입니다." } });
    if (fault === "500")
      return send(res, {
        status: 500,
        body: {
          code: "FAILED_INTERNAL_SYSTEM_PROCESSING",
          message: "내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요.",
        },
      });

    const idempotencyKey = req.headers["idempotency-key"];
    const replayKey =
      typeof idempotencyKey === "string" ? `${secretKey}|${method}|${url.pathname}|${idempotencyKey}` : null;
    if (replayKey) {
      const stored = ledger.idempotent.get(replayKey);
      if (stored === "RUNNING")
        return send(res, {
          status: 409,
          body: { code: "IDEMPOTENT_REQUEST_PROCESSING", message: "이전 멱등 요청이 처리중입니다." },
        });
      if (stored) return send(res, quirked(stored));
      ledger.idempotent.set(replayKey, "RUNNING");
    }
    let answer: Stored;
    try {
      answer = route(secretKey, method, url, body, fault === "timeout");
    } catch (error) {
      if (!(error instanceof TossError)) throw error;
      answer = { status: error.status, body: { code: error.code, message: error.message } };
    }
    if (fault === "timeout") await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (replayKey) ledger.idempotent.set(replayKey, answer);
    if (fault === "lost") return void res.socket?.destroy();
    send(res, quirked(answer));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(res, { status: 500, body: { code: "FAILED_INTERNAL_SYSTEM_PROCESSING", message: "fake crashed" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get quirks() {
      return quirks;
    },
    set quirks(next: TossQuirks) {
      for (const key of Object.keys(quirks)) delete quirks[key as keyof TossQuirks];
      Object.assign(quirks, next);
    },
    ledger,
    hits,
    deposit(secretKey, orderId) {
      const p = ledger.payment(secretKey, orderId);
      if (p?.status !== "WAITING_FOR_DEPOSIT") throw new Error(`no virtual account awaits a deposit for ${orderId}`);
      p.status = "DONE";
      p.approvedAt = kstNow();
      const transactionKey = ledger.transact(secretKey, p, p.totalAmount, "DONE");
      return {
        createdAt: `${kstNow().slice(0, 19)}.000000`,
        secret: p.secret!,
        status: "DONE",
        transactionKey,
        orderId,
      };
    },
    setRates(next) {
      rates = next;
    },
    setSettlementTerms(next) {
      Object.assign(settlementTerms, next);
    },
    refuseConnections() {
      server.close();
      server.closeAllConnections();
    },
    acceptConnections: () =>
      server.listening ? Promise.resolve() : new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

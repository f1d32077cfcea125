import { describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import { getDb } from "@/lib/db/client";
import { inProcess, newMerchant } from "@/lib/testing/fixtures";
import { newPaymentId, paidPayment, virtualAccountPayBody } from "@/lib/testing/payments";
import { registerEscrowLogistics } from "./escrow/register-escrow-logistics";
import { escrowLogisticsBody } from "./schema";
import { noticeVirtualAccountDeposit } from "./virtual-account/notice-virtual-account-deposit";
import { voidVirtualAccount } from "./virtual-account/void-virtual-account";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

const bearer = (token: string) =>
  new Request("http://localhost/v2/payments", { headers: { authorization: `Bearer ${token}` } });

async function store(m: Merchant, paymentId: string, documents: Record<string, string>) {
  await getDb().updateTable("transactions").set(documents).where("payment_id", "=", paymentId).execute();
  return authenticate(bearer(m.accessToken));
}

async function issuedAccount(m: Merchant): Promise<string> {
  const id = newPaymentId();
  const res = await m.api.post(`/v2/payments/${id}/instant/pay`, virtualAccountPayBody(m));
  if (res.status !== 200) throw new Error(`issuance failed: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

async function status(paymentId: string): Promise<string> {
  const row = await getDb()
    .selectFrom("transactions")
    .select("status")
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  return row.status;
}

const logistics = escrowLogisticsBody.parse({
  sender: { name: "Demo Shop", phone_number: "0212345678", relationship: "seller" },
  receiver: {
    name: "Kim Minji",
    phone_number: "01012345678",
    post_code: "06236",
    address: { address_line_1: "123 Teheran-ro", address_line_2: "Apt 4" },
  },
  logistics_form: { company: "CJGLS", invoice_number: "INV-1", sent_at: "2026-11-20T09:00:00+09:00" },
  send_email: false,
});

// The write side read its stored documents with `JSON.parse(...) as T` (locks.ts,
// escrow-rules.ts, record-deposit.ts, notice-virtual-account-deposit.ts, …), so a document of the
// wrong shape went on into provider calls and writes. Each is now parsed and checked once in its
// repository, and a broken one names its column before anything is sent or written.
describe("the write side's stored documents", () => {
  it("an escrow detail of the wrong shape is refused naming its column", async () => {
    const m = inProcess(await newMerchant());
    const id = await paidPayment(m, "4242424242424242", { is_escrow: true });
    const ctx = await store(m, id, { escrow_detail: JSON.stringify({ company: "CJGLS" }) });
    await expect(registerEscrowLogistics({ ctx, input: { payment_id: id, ...logistics } })).rejects.toThrow(
      /transactions\.escrow_detail of /,
    );
  });

  it("a channel snapshot that is not JSON is refused naming its column; the account stays issued", async () => {
    const m = inProcess(await newMerchant());
    const id = await issuedAccount(m);
    const ctx = await store(m, id, { channel: "{broken" });
    await expect(voidVirtualAccount({ ctx, input: { payment_id: id } })).rejects.toThrow(/transactions\.channel of /);
    expect(await status(id)).toBe("VIRTUAL_ACCOUNT_ISSUED");
  });

  it("a method detail of the wrong shape is refused naming its column before the deposit is taken", async () => {
    const m = inProcess(await newMerchant());
    const id = await issuedAccount(m);
    const ctx = await store(m, id, { payment_method_detail: JSON.stringify({ virtual_account: "not an object" }) });
    await expect(noticeVirtualAccountDeposit({ ctx, input: { payment_id: id } })).rejects.toThrow(
      /transactions\.payment_method_detail of /,
    );
    expect(await status(id)).toBe("VIRTUAL_ACCOUNT_ISSUED");
  });
});

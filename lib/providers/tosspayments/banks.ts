import { ProviderRefusal } from "../refusal";

/**
 * Banks Toss Payments issues virtual accounts at, by the two-digit bank codes Toss uses
 * (https://docs.tosspayments.com/codes/org-codes; the virtual-account guide lists the banks:
 * 경남, 광주, KB국민, IBK기업, NH농협, DGB대구, 부산, 새마을, Sh수협, 신한, 우리, 우체국, 전북,
 * 케이뱅크, 하나). Keys are our Bank enum (CONTRACT §11).
 */
const ISSUING_BANKS: Record<string, string> = {
  KYONGNAM_BANK: "39",
  GWANGJU_BANK: "34",
  KOOKMIN_BANK: "04",
  INDUSTRIAL_BANK_OF_KOREA: "03",
  NH_NONGHYUP_BANK: "11",
  DAEGU_BANK: "31",
  BUSAN_BANK: "32",
  KFCC: "45",
  SUHYUP_BANK: "07",
  SHINHAN_BANK: "88",
  WOORI_BANK: "20",
  EPOST: "71",
  JEONBUK_BANK: "37",
  K_BANK: "89",
  HANA_BANK: "81",
};

/** Refund accounts (the spec's BankName list) by the same codes. */
const REFUND_BANKS: Record<string, string> = {
  KDB: "02",
  IBK: "03",
  KB: "04",
  SH: "07",
  NH: "11",
  WOORI: "20",
  SC: "23",
  CITY: "27",
  DGB: "31",
  BOOSAN_BANK: "32",
  KJ_BANK: "34",
  JEJU_BANK: "35",
  JB_BANK: "37",
  KN_BANK: "39",
  MG: "45",
  CU: "48",
  SB: "50",
  HSBC: "54",
  DEUTSCHE_BANK: "55",
  POST_BANK: "71",
  HANA: "81",
  SHINHAN: "88",
  K_BANK: "89",
  KAKAO_BANK: "90",
  TOSS_BANK: "92",
};

const BY_CODE = new Map(Object.entries(ISSUING_BANKS).map(([bank, code]) => [code, bank]));

export function issuingBankCode(bank: string): string {
  const code = ISSUING_BANKS[bank];
  if (!code) {
    throw new ProviderRefusal(
      "payment_method_option.virtual_account.bank",
      `payment_method_option.virtual_account.bank: Toss Payments issues virtual accounts at ${Object.keys(ISSUING_BANKS).join(", ")}`,
    );
  }
  return code;
}

export function refundBankCode(bank: string): string {
  const code = REFUND_BANKS[bank];
  if (!code) throw new ProviderRefusal("refund.bank", `refund.bank: Toss Payments cannot refund to ${bank}`);
  return code;
}

/** Our Bank enum value for a Toss bank code (an unknown code is kept as is, opaque). */
export function bankOfTossCode(code: string): string {
  return BY_CODE.get(code) ?? code;
}

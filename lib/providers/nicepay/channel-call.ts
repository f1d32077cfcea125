import type { ChannelRef } from "../types";
import { niceRequest, type NiceKeys } from "./client";
import { signedFields, verifyPaymentSignature } from "./sign";

export type SecretKeyFor = (channel: ChannelRef) => Promise<string>;

export type NiceChannelCall = {
  method: "GET" | "POST";
  path: string;
  /** The JSON body, or one built from the secret key (encData is encrypted with it). */
  body?: Record<string, unknown> | ((secretKey: string) => Record<string, unknown>);
  /** The fields the operation's signData covers, in the document's order: adds ediDate and signData. */
  sign?: Array<string | number>;
  /** The answer is a PaymentResponse: its `signature` must verify (./sign.ts). */
  paymentAnswer?: boolean;
  signal?: AbortSignal;
};

/** The channel's secret is `clientKey:secretKey` (sealed at rest, opened per call). */
export function keysOf(secret: string): NiceKeys {
  const at = secret.indexOf(":");
  if (at <= 0) throw new Error("NICE Payments: the channel's secret is not clientKey:secretKey");
  return { clientKey: secret.slice(0, at), secretKey: secret.slice(at + 1) };
}

/** One call to NICE on a channel's keys, signed and verified as the document defines. */
export function niceChannelCaller(secretKeyFor: SecretKeyFor) {
  return async function call<T>(channel: ChannelRef, request: NiceChannelCall): Promise<T> {
    const keys = keysOf(await secretKeyFor(channel));
    const plain = typeof request.body === "function" ? request.body(keys.secretKey) : request.body;
    const body = plain && request.sign ? { ...plain, ...signedFields(request.sign, keys.secretKey) } : plain;
    const answer = await niceRequest<T>({
      keys,
      method: request.method,
      path: request.path,
      body,
      signal: request.signal,
    });
    if (request.paymentAnswer)
      verifyPaymentSignature(answer as Record<string, unknown>, keys.secretKey, `${request.method} ${request.path}`);
    return answer;
  };
}

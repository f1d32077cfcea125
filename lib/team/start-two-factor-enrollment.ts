import { generateSecret, generateURI } from "otplib";
import { renderSVG } from "uqr";
import { sealText } from "@/lib/sealed";
import { twoFactorAlreadyOn } from "./errors";
import { storePendingTotpSecret } from "./repository";
import { TOTP_ISSUER, TOTP_SEAL } from "./totp";

/** Step one: a new secret (sealed at rest) for the authenticator app, as text, link and QR code; live only once confirmed. */
export async function startTwoFactorEnrollment({
  ctx: me,
}: {
  ctx: { userId: string; userEmail: string };
}): Promise<{ secret: string; uri: string; qrCode: string }> {
  const secret = generateSecret();
  if (!(await storePendingTotpSecret(me.userId, sealText(TOTP_SEAL, secret)))) throw twoFactorAlreadyOn();
  const uri = generateURI({ issuer: TOTP_ISSUER, label: me.userEmail, secret });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(renderSVG(uri)).toString("base64")}` };
}

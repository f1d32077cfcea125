import type { AuthContext } from "@/lib/auth/context";
import { listStoreChannels } from "@/lib/channels/repository";
import { confirmVerification } from "./confirm-verification";
import { sendVerification } from "./send-verification";

/** Sample verifications for the demo merchant: one verified by app, one awaiting its SMS code. */
export async function seedDemoVerifications(demo: { merchantId: string; storeId: string }): Promise<void> {
  const ctx: AuthContext = {
    merchantId: demo.merchantId,
    storeId: demo.storeId,
    storeLimited: false,
    hasHostingContract: false,
    origin: { platform_type: "API", ip_address: "127.0.0.1", user_agent: "demo-seeder" },
  };
  const channel = (await listStoreChannels(demo.merchantId, demo.storeId)).find(
    (c) => c.is_for_identity_verification === 1,
  );
  if (!channel) return;
  await sendVerification({
    ctx,
    input: {
      id: "demo-identity-1",
      channelKey: channel.key,
      customer: { id: "demo-customer-minji", name: "김민지", phoneNumber: "01023456789" },
      operator: "SKT",
      method: "APP",
    },
  });
  await confirmVerification({ ctx, input: { id: "demo-identity-1" } });
  await sendVerification({
    ctx,
    input: {
      id: "demo-identity-2",
      channelKey: channel.key,
      customer: { name: "이지호", phoneNumber: "01034567890", identityNumber: "9505051" },
      operator: "KT",
      method: "SMS",
    },
  });
}

import type { AuthContext } from "@/lib/auth/context";
import { hasInvitedTeammate, hasLiveChannel, hasPaidTestPayment, hasWebhookUrl } from "./repository";

export const GET_STARTED_STEPS = ["channel", "testPayment", "webhook", "teammate"] as const;
export type GetStartedStep = (typeof GET_STARTED_STEPS)[number];
export type GetStartedProgress = { steps: { key: GetStartedStep; done: boolean }[]; complete: boolean };

/** The first-run checklist of the caller's store: each step is done when the store's data shows it. */
export async function getStartedProgress({ ctx }: { ctx: AuthContext }): Promise<GetStartedProgress> {
  const [channel, testPayment, webhook, teammate] = await Promise.all([
    hasLiveChannel(ctx.merchantId, ctx.storeId),
    hasPaidTestPayment(ctx.merchantId, ctx.storeId),
    hasWebhookUrl(ctx.merchantId, ctx.storeId),
    hasInvitedTeammate(ctx.merchantId),
  ]);
  const done: Record<GetStartedStep, boolean> = { channel, testPayment, webhook, teammate };
  const steps = GET_STARTED_STEPS.map((key) => ({ key, done: done[key] }));
  return { steps, complete: steps.every((s) => s.done) };
}

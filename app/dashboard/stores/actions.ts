"use server";

import { z } from "zod";
import { idRef } from "@/lib/api/fields";
import { DomainError } from "@/lib/errors/domain-error";
import { dashboardAction } from "@/lib/dashboard/action";
import type { DashboardContext } from "@/lib/dashboard/context";
import { advanceApplication, advanceContract } from "@/lib/onboarding/advance";
import { listOnboardingBoard, listStoreApplicationViews } from "@/lib/onboarding/board";
import { advanceApplicationInput, advanceContractInput, dashboardApplicationInput } from "@/lib/onboarding/schema";
import { submitApplications } from "@/lib/onboarding/submit-applications";
import { createStore } from "@/lib/stores/create-store";
import { getStore, listStores } from "@/lib/stores/get-stores";
import { createStoreInput, createStoreUserInput, updateStoreInput } from "@/lib/stores/schema";
import { createStoreUser, listStoreUsers } from "@/lib/stores/store-users";
import { updateStore } from "@/lib/stores/update-store";

/** The same rule as the API: sub-stores and onboarding need the hosting contract. */
function requireHosting(ctx: DashboardContext) {
  if (!ctx.hasHostingContract) throw new DomainError("FORBIDDEN", "this merchant has no hosting contract");
}

const storeRef = z.object({ store_id: idRef });

export const listStoresAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  requireHosting(ctx);
  return (await listStores({ ctx })).stores;
});

export const getStoreAction = dashboardAction({ write: false, input: storeRef }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return getStore({ ctx, input });
});

export const createStoreAction = dashboardAction({ write: true, input: createStoreInput }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return createStore({ ctx, input });
});

export const updateStoreAction = dashboardAction({ write: true, input: updateStoreInput.extend(storeRef.shape) }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return updateStore({ ctx, input });
});

export const listApplicationsAction = dashboardAction({ write: false, input: storeRef }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return listStoreApplicationViews({ ctx, input });
});

export const submitApplicationAction = dashboardAction({ write: true, input: dashboardApplicationInput }, async ({ ctx, input }) => {
  requireHosting(ctx);
  const { store_id, pg_specific_info, ...application } = input;
  return submitApplications({ ctx, input: { store_id, pg_specific_info, applications: [application] } });
});

export const advanceApplicationAction = dashboardAction({ write: true, input: advanceApplicationInput }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return advanceApplication({ ctx, input });
});

export const advanceContractAction = dashboardAction({ write: true, input: advanceContractInput }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return advanceContract({ ctx, input });
});

export const onboardingBoardAction = dashboardAction({ write: false, input: z.object({}) }, async ({ ctx }) => {
  requireHosting(ctx);
  return listOnboardingBoard({ ctx });
});

export const listStoreUsersAction = dashboardAction({ write: false, input: storeRef }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return listStoreUsers({ ctx, input });
});

export const createStoreUserAction = dashboardAction({ write: true, input: createStoreUserInput }, async ({ ctx, input }) => {
  requireHosting(ctx);
  return createStoreUser({ ctx, input });
});

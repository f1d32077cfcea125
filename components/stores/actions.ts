"use server";

import { z } from "zod";
import { idRef } from "@/lib/schema/fields";
import { dashboardAction } from "@/lib/dashboard/action";
import { advanceApplication } from "@/lib/onboarding/advance-application";
import { advanceContract } from "@/lib/onboarding/advance-contract";
import { listOnboardingBoard } from "@/lib/onboarding/list-onboarding-board";
import { listStoreApplicationViews } from "@/lib/onboarding/list-store-application-views";
import { advanceApplicationInput, advanceContractInput, dashboardApplicationInput } from "@/lib/onboarding/schema";
import { submitApplications } from "@/lib/onboarding/submit-applications";
import { createStore } from "@/lib/stores/create-store";
import { getStore } from "@/lib/stores/get-store";
import { listStores } from "@/lib/stores/list-stores";
import {
  createStoreFormInput,
  createStoreUserInput,
  refuseWrongCheckDigit,
  updateStoreInput,
} from "@/lib/stores/schema";
import { createStoreUser } from "@/lib/stores/create-store-user";
import { listStoreUsers } from "@/lib/stores/list-store-users";
import { updateStore } from "@/lib/stores/update-store";

const storeRef = z.object({ store_id: idRef });

export const listStoresAction = dashboardAction(
  { write: false, input: z.object({}) },
  async ({ ctx }) => (await listStores({ ctx })).stores,
);

export const getStoreAction = dashboardAction({ write: false, input: storeRef }, ({ ctx, input }) =>
  getStore({ ctx, input }),
);

export const createStoreAction = dashboardAction({ write: true, input: createStoreFormInput }, ({ ctx, input }) =>
  createStore({ ctx, input }),
);

export const updateStoreAction = dashboardAction(
  { write: true, input: updateStoreInput.extend(storeRef.shape).superRefine(refuseWrongCheckDigit) },
  ({ ctx, input }) => updateStore({ ctx, input }),
);

export const listApplicationsAction = dashboardAction({ write: false, input: storeRef }, ({ ctx, input }) =>
  listStoreApplicationViews({ ctx, input }),
);

export const submitApplicationAction = dashboardAction(
  { write: true, input: dashboardApplicationInput },
  async ({ ctx, input }) => {
    const { store_id, pg_specific_info, ...application } = input;
    return submitApplications({ ctx, input: { store_id, pg_specific_info, applications: [application] } });
  },
);

export const advanceApplicationAction = dashboardAction(
  { write: true, input: advanceApplicationInput },
  ({ ctx, input }) => advanceApplication({ ctx, input }),
);

export const advanceContractAction = dashboardAction({ write: true, input: advanceContractInput }, ({ ctx, input }) =>
  advanceContract({ ctx, input }),
);

export const onboardingBoardAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) =>
  listOnboardingBoard({ ctx }),
);

export const listStoreUsersAction = dashboardAction({ write: false, input: storeRef }, ({ ctx, input }) =>
  listStoreUsers({ ctx, input }),
);

export const createStoreUserAction = dashboardAction({ write: true, input: createStoreUserInput }, ({ ctx, input }) =>
  createStoreUser({ ctx, input }),
);

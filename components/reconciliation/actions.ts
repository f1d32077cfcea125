"use server";

import { dashboardAction } from "@/lib/dashboard/action";
import { lookUpInput, lookUpUnsettled } from "@/lib/reconciliation/store-report";

export const lookUpAction = dashboardAction({ write: true, input: lookUpInput }, ({ ctx, input }) =>
  lookUpUnsettled({ ctx, input }),
);

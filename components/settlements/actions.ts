"use server";

import { dashboardAction } from "@/lib/dashboard/action";
import { setContractTerms } from "@/lib/settlements/contract-terms";
import { setContractTermsInput } from "@/lib/settlements/schema";

/** Saves one channel's contract terms (OWNER/ADMIN). */
export const setContractTermsAction = dashboardAction({ write: true, input: setContractTermsInput }, setContractTerms);

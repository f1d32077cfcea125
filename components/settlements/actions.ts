"use server";

import { dashboardAction } from "@/lib/dashboard/action";
import { setContractTerms } from "@/lib/settlements/contract-terms";
import { readSettlementReports } from "@/lib/settlements/read-reports";
import { readReportsInput, setContractTermsInput } from "@/lib/settlements/schema";

/** Saves one channel's contract terms (OWNER/ADMIN). */
export const setContractTermsAction = dashboardAction({ write: true, input: setContractTermsInput }, setContractTerms);

/** Reads the store's PG settlement reports now (OWNER/ADMIN); answers rows read and confirmed. */
export const readSettlementReportsAction = dashboardAction(
  { write: true, input: readReportsInput },
  readSettlementReports,
);

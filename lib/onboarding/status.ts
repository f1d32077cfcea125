import type { ApplicationStatus, ContractStatus } from "./schema";

/**
 * Sandbox state machines. The spec lists the statuses but not their moves; these follow a
 * provider's review: reception → merchant review → contract → service. Terminal states have no moves.
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  RECEPTION_SCHEDULED: ["TRANSFER", "RECEPTION_PENDING", "RECEPTION_COMPLETED", "APPLICATION_CANCELED"],
  TRANSFER: ["RECEPTION_PENDING", "RECEPTION_COMPLETED", "APPLICATION_CANCELED"],
  RECEPTION_PENDING: ["RECEPTION_COMPLETED", "APPLICATION_CANCELED"],
  RECEPTION_COMPLETED: ["MERCHANT_REVIEWING", "APPLICATION_CANCELED"],
  MERCHANT_REVIEWING: ["CONTRACT_PROCESSING", "CONTRACT_PENDING", "CONTRACT_REJECTED"],
  CONTRACT_PROCESSING: ["CONTRACT_COMPLETED", "CONTRACT_PENDING", "CONTRACT_CANCELED", "CONTRACT_REJECTED"],
  CONTRACT_PENDING: ["CONTRACT_PROCESSING", "CONTRACT_CANCELED", "CONTRACT_REJECTED"],
  CONTRACT_COMPLETED: ["SERVICE_OPEN", "CONTRACT_CANCELED"],
  SERVICE_OPEN: ["SERVICE_CLOSED"],
  SERVICE_CLOSED: ["SERVICE_OPEN"],
  APPLICATION_CANCELED: [],
  CONTRACT_CANCELED: [],
  CONTRACT_REJECTED: [],
};

/** The usual next step, offered as the one-click "advance" in the dashboard. */
export const HAPPY_PATH: Partial<Record<ApplicationStatus, ApplicationStatus>> = {
  RECEPTION_SCHEDULED: "RECEPTION_COMPLETED",
  TRANSFER: "RECEPTION_COMPLETED",
  RECEPTION_PENDING: "RECEPTION_COMPLETED",
  RECEPTION_COMPLETED: "MERCHANT_REVIEWING",
  MERCHANT_REVIEWING: "CONTRACT_PROCESSING",
  CONTRACT_PROCESSING: "CONTRACT_COMPLETED",
  CONTRACT_PENDING: "CONTRACT_PROCESSING",
  CONTRACT_COMPLETED: "SERVICE_OPEN",
};

export const CONTRACT_TRANSITIONS: Record<ContractStatus, readonly ContractStatus[]> = {
  READY: ["IN_DRAFT", "CANCELED"],
  IN_DRAFT: ["WAIT_FOR_REVIEW", "CANCELED"],
  WAIT_FOR_REVIEW: ["IN_REVIEW", "IN_DRAFT", "CANCELED"],
  IN_REVIEW: ["DONE", "IN_DRAFT", "CANCELED"],
  DONE: ["TERMINATED"],
  CANCELED: [],
  TERMINATED: [],
};

/** Statuses in which the provider's sign-up page is still open to the applicant. */
export const CONTRACT_OPEN_FOR_DRAFT: readonly ContractStatus[] = ["READY", "IN_DRAFT"];

export function canMoveApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

export function canMoveContract(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

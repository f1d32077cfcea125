import { z } from "zod";
import { idRef, text } from "@/lib/schema/fields";
import { SUBSCRIBABLE_EVENTS } from "./schema";

/** An endpoint's events: every event ("all", also those added later) or a chosen non-empty list. */
export const endpointEvents = z.union([
  z.literal("all"),
  z.array(z.enum(SUBSCRIBABLE_EVENTS)).min(1, { message: "Choose at least one event" }),
]);

const endpointUrl = text(2000)
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: "must be an http(s) URL" });

export const createEndpointInput = z.object({
  url: endpointUrl,
  description: text(200).trim().optional(),
  events: endpointEvents,
});
export type CreateEndpointInput = z.input<typeof createEndpointInput>;

export const updateEndpointInput = z.object({
  id: idRef,
  url: endpointUrl.optional(),
  description: text(200).trim().optional(),
  events: endpointEvents.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateEndpointInput = z.input<typeof updateEndpointInput>;

export const endpointIdInput = z.object({ id: idRef });

export const rotateEndpointSecretInput = z.object({ id: idRef, overlapHours: z.number().int().min(0).max(168) });

/** What the dashboard shows of an endpoint (its secret only once, in the create and rotate answers). */
export type EndpointView = {
  id: string;
  url: string;
  description: string | null;
  events: "all" | (typeof SUBSCRIBABLE_EVENTS)[number][];
  enabled: boolean;
  createdAt: string;
  previousSecretExpiresAt: string | null;
};

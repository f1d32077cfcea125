/** Shared TanStack Query keys of the webhooks page (endpoints, settings and log refresh each other). */
export const webhookKeys = {
  settings: (storeId: string) => ["webhook-settings", storeId] as const,
  endpoints: (storeId: string) => ["webhook-endpoints", storeId] as const,
  deliveries: (storeId: string) => ["webhook-deliveries", storeId] as const,
  attempts: (storeId: string, id: string) => ["webhook-attempts", storeId, id] as const,
};

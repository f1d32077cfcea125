/** A dashboard path in a given store: direct in the current store, else through /dashboard/open (switches store first). */
export function storeHref(currentStoreId: string, storeId: string, path: string): string {
  return storeId === currentStoreId
    ? path
    : `/dashboard/open?${new URLSearchParams({ store: storeId, to: path }).toString()}`;
}

export const paymentPath = (paymentId: string) => `/dashboard/payments/${encodeURIComponent(paymentId)}`;

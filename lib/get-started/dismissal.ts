/** The stores whose checklist this browser dismissed, kept in a cookie (a list of store ids). */
export const GET_STARTED_COOKIE = "get_started_dismissed";

export const dismissedStores = (cookie: string | undefined) => (cookie ? cookie.split(",").filter(Boolean) : []);

/** Adds a store to the cookie's list; the list stays short (a merchant's stores, capped). */
export const withDismissed = (cookie: string | undefined, storeId: string) =>
  [...new Set([...dismissedStores(cookie), storeId])].slice(-50).join(",");

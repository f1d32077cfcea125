import Link from "next/link";
import type { ReactNode } from "react";
import { storeHref } from "./store-href";

/**
 * A link to a page of one of the user's stores. Another store's page is a full navigation through
 * /dashboard/open, so the whole shell (store switcher included) renders for that store.
 */
export function StoreLink({
  currentStoreId,
  storeId,
  path,
  className,
  label,
  children,
}: {
  currentStoreId: string;
  storeId: string;
  path: string;
  className?: string;
  /** aria-label, when the text alone does not say where the link goes. */
  label?: string;
  children: ReactNode;
}) {
  if (storeId === currentStoreId)
    return (
      <Link className={className} href={path} aria-label={label}>
        {children}
      </Link>
    );
  return (
    // A plain link: Next's <Link> would prefetch /dashboard/open and switch the store unasked.
    <a className={className} href={storeHref(currentStoreId, storeId, path)} aria-label={label}>
      {children}
    </a>
  );
}

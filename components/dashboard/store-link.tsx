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
  children,
}: {
  currentStoreId: string;
  storeId: string;
  path: string;
  className?: string;
  children: ReactNode;
}) {
  if (storeId === currentStoreId)
    return (
      <Link className={className} href={path}>
        {children}
      </Link>
    );
  return (
    <a className={className} href={storeHref(currentStoreId, storeId, path)}>
      {children}
    </a>
  );
}

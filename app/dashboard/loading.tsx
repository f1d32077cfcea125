import { Skeleton } from "@/components/ui/skeleton";
import { getTranslator } from "@/lib/i18n/server";

/** Shown while a dashboard page's server part loads: the page's shape, never an empty result. */
export default async function DashboardLoading() {
  const { t } = await getTranslator();
  return (
    <div className="space-y-4" aria-busy="true" data-testid="page-loading">
      <p className="sr-only" role="status">
        {t("common.loading")}
      </p>
      <Skeleton className="h-7 w-48" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

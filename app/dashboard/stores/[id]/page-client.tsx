"use client";

import { QueryError } from "@/components/ui/query-error";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ApplicationCard } from "@/components/stores/application-card";
import { ApplicationForm } from "@/components/stores/application-form";
import { StoreUsers } from "@/components/stores/store-users";
import { useT } from "@/components/i18n-provider";
import { Card, PageHeader } from "@/components/ui/card";
import { unwrap } from "@/lib/dashboard/unwrap";
import type { PublicStore } from "@/lib/stores/serialize";
import { listApplicationsAction } from "@/components/stores/actions";

export function StoreDetailClient({
  store,
  canWrite,
  canAddLogin,
}: {
  store: PublicStore;
  canWrite: boolean;
  canAddLogin: boolean;
}) {
  const t = useT();
  // The sandbox's onboarding_url lands here naming the application being signed up.
  const focused = useSearchParams().get("application");
  const apps = useQuery({
    queryKey: ["applications", store.id],
    queryFn: async () => unwrap(await listApplicationsAction({ store_id: store.id })),
  });
  const rep = store.representative as { name_ko?: string; email?: string };
  const license = store.business_license as {
    company_name?: string;
    registration_number?: string;
    taxation_type?: string;
  };
  return (
    <div className="space-y-4">
      <PageHeader title={store.name}>
        <Link href="/dashboard/stores" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm">
          {t("stores.back")}
        </Link>
        {canWrite ? (
          <Link
            href={`/dashboard/stores/${store.id}/edit`}
            className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-on-brand"
          >
            {t("stores.edit")}
          </Link>
        ) : null}
      </PageHeader>
      <Card>
        <dl className="grid gap-2 text-sm md:grid-cols-2" data-testid="store-summary">
          <div>
            <dt className="text-slate-500">{t("stores.col.tierCode")}</dt>
            <dd>
              <code>{store.tier_code}</code>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("stores.detail.company")}</dt>
            <dd>
              {license.company_name} · {license.registration_number} ·{" "}
              {license.taxation_type ? t(`stores.taxation.${license.taxation_type}`) : ""}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("stores.detail.representative")}</dt>
            <dd>
              {rep.name_ko} · {rep.email}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("stores.detail.urls")}</dt>
            <dd>{store.service_urls.join(", ") || "—"}</dd>
          </div>
        </dl>
      </Card>
      <Card title={t("stores.apps.title")}>
        <div className="space-y-3" data-testid="applications">
          {apps.isSuccess && apps.data.length === 0 ? (
            <p className="text-sm text-slate-500">{t("stores.apps.empty")}</p>
          ) : null}
          {apps.error ? <QueryError error={apps.error} onRetry={() => void apps.refetch()} /> : null}
          {(apps.data ?? []).map((a) => (
            <ApplicationCard key={a.id} app={a} canWrite={canWrite} highlight={a.id === focused} />
          ))}
        </div>
      </Card>
      {canWrite ? <ApplicationForm storeId={store.id} /> : null}
      <StoreUsers storeId={store.id} canWrite={canAddLogin} />
    </div>
  );
}

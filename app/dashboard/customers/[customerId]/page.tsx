import { notFound } from "next/navigation";
import { CustomerView } from "@/components/customers/customer-view";
import { PageHeader } from "@/components/ui/card";
import { getCustomer } from "@/lib/customers/get-customer";
import { requireDashboard } from "@/lib/dashboard/context";
import { asDomainError } from "@/lib/errors/domain-error";
import { getTranslator } from "@/lib/i18n/server";
import { safeTitle } from "@/lib/i18n/title";

type Params = { params: Promise<{ customerId: string }> };

export async function generateMetadata({ params }: Params) {
  const { t } = await getTranslator();
  return { title: t("customers.title", { id: safeTitle((await params).customerId) }) };
}

/** One customer of the store in the switcher; another store's or merchant's customer is a 404. */
export default async function CustomerPage({ params }: Params) {
  const ctx = await requireDashboard();
  const { t } = await getTranslator();
  const customerId = safeTitle((await params).customerId);
  const view = await getCustomer({ ctx, input: { customerId } }).catch((e: unknown) => {
    if (asDomainError(e)?.code === "NOT_FOUND") notFound();
    throw e;
  });
  return (
    <div className="space-y-4">
      <PageHeader title={t("customers.title", { id: customerId })} />
      <CustomerView view={view} />
    </div>
  );
}

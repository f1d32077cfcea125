import Link from "next/link";
import { RecordList } from "@/components/customers/record-list";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { listCustomersQuery } from "@/lib/customers/api-schema";
import { listCustomers } from "@/lib/customers/list-customers";
import { requireDashboard } from "@/lib/dashboard/context";
import { getTranslator, pageTitle } from "@/lib/i18n/server";

export const generateMetadata = () => pageTitle("customers.listTitle");

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The store's customers, searched by name, e-mail or phone; the search is a GET form (the URL). */
export default async function CustomersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const ctx = await requireDashboard();
  const { t, format: fmt } = await getTranslator();
  const params = await searchParams;
  const parsed = listCustomersQuery.safeParse({
    q: first(params.q) || undefined,
    page: first(params.page),
    limit: "20",
  });
  const input = parsed.success ? parsed.data : { q: undefined, page: 0, limit: 20 };
  const result = await listCustomers({ ctx, input });
  const href = (page: number) =>
    `/dashboard/customers?${new URLSearchParams({ ...(input.q ? { q: input.q } : {}), page: String(page) }).toString()}`;
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100";
  return (
    <div className="space-y-4">
      <PageHeader title={t("customers.listTitle")} />
      <form method="get" className="flex max-w-xl gap-2" aria-label={t("customers.search")}>
        <Input
          name="q"
          type="search"
          defaultValue={input.q ?? ""}
          aria-label={t("customers.search")}
          placeholder={t("customers.searchPlaceholder")}
        />
        <Button type="submit">{t("customers.searchSubmit")}</Button>
      </form>
      <p className="text-sm text-slate-600" data-testid="customer-count">
        {t("customers.count", { n: result.total_count })}
      </p>
      <RecordList
        title={t("customers.listTitle")}
        empty={input.q ? t("customers.noMatch") : t("customers.none")}
        rows={result.customers}
        testId="customer-list"
        row={(c) => ({
          key: c.id,
          main: (
            <Link className="text-brand hover:underline" href={`/dashboard/customers/${encodeURIComponent(c.id)}`}>
              {c.name ?? c.id}
            </Link>
          ),
          side: t("customers.paymentCount", { n: c.payment_count }),
          meta: [c.phone_number, c.email, fmt.dateTime(Date.parse(c.last_payment_at))].filter(Boolean).join(" · "),
        })}
      />
      {result.total_page > 1 ? (
        <nav className="flex justify-end gap-2" aria-label={t("customers.pages")}>
          {input.page > 0 ? (
            <Link className={link} href={href(input.page - 1)}>
              {t("customers.previous")}
            </Link>
          ) : null}
          {input.page + 1 < result.total_page ? (
            <Link className={link} href={href(input.page + 1)}>
              {t("customers.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

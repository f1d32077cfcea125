"use client";

import { useT } from "@/components/i18n-provider";
import { Button } from "./button";

/** Previous / "Page X of Y" / Next for server-paged tables; `page` is 0-based. */
export function Pager({
  page,
  pageCount,
  onPage,
  testId,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const t = useT();
  const pages = Math.max(pageCount, 1);
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t("table.previous")}
      </Button>
      <span data-testid={testId}>{t("table.pageOf", { page: page + 1, pages })}</span>
      <Button variant="secondary" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t("table.next")}
      </Button>
    </div>
  );
}

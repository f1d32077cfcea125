"use client";

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { useT } from "@/components/i18n-provider";
import { ScrollBox } from "./scroll-box";
import { SkeletonRows } from "./skeleton";

/**
 * A TanStack table; paging and sorting are server-side, so rows arrive already sliced. While the
 * first page loads it shows skeleton rows (never "no rows"); it scrolls inside its own box on
 * narrow screens so the page itself never scrolls sideways (`relative`, so visually hidden text in
 * a header cell is clipped with the rest instead of widening the page).
 */
export function DataTable<T>({
  columns,
  data,
  testId,
  rowTestId,
  loading = false,
  emptyText,
  label,
}: {
  columns: ColumnDef<T>[];
  data: T[] | undefined;
  testId?: string;
  rowTestId?: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  label?: string;
}) {
  const t = useT();
  const table = useReactTable({ data: data ?? [], columns, getCoreRowModel: getCoreRowModel() });
  const pending = loading && data === undefined;
  return (
    <ScrollBox
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
      label={label ?? t("table.region")}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid={testId} aria-busy={pending}>
        <thead className="bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600"
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pending ? (
            <SkeletonRows columns={columns.length} />
          ) : table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500" data-testid="table-empty">
                {emptyText ?? t("table.empty")}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={rowTestId?.(row.original)}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

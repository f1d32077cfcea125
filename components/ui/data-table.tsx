"use client";

import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useT } from "@/components/i18n-provider";
import { ScrollBox } from "./scroll-box";
import { TABLE_ROLES } from "./table-roles";
import { SkeletonRows } from "./skeleton";

/**
 * A TanStack table; paging and sorting are server-side, so rows arrive already sliced. While the
 * first page loads it shows skeleton rows (never "no rows"); it scrolls inside its own box on
 * narrow screens so the page itself never scrolls sideways (`relative`, so visually hidden text in
 * a header cell is clipped with the rest instead of widening the page). `stacked`: below 640 px each
 * row is a block of "label value" lines (globals.css `.stack-sm`) instead of a table scrolled
 * sideways; the explicit ARIA roles keep it a table for screen readers whatever its CSS display.
 */
/** A column's name for its stacked rows: its header when that is text, else `meta.label`. */
function labelOf<T>(column: ColumnDef<T>): string | undefined {
  if (typeof column.header === "string") return column.header;
  return (column.meta as { label?: string } | undefined)?.label;
}

export function DataTable<T>({
  columns,
  data,
  testId,
  rowTestId,
  loading = false,
  emptyText,
  label,
  stacked = false,
}: {
  columns: ColumnDef<T>[];
  data: T[] | undefined;
  testId?: string;
  rowTestId?: (row: T) => string;
  loading?: boolean;
  emptyText?: string;
  label?: string;
  stacked?: boolean;
}) {
  const t = useT();
  const table = useReactTable({ data: data ?? [], columns, getCoreRowModel: getCoreRowModel() });
  const pending = loading && data === undefined;
  return (
    <ScrollBox
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white"
      label={label ?? t("table.region")}
    >
      <table
        className={`min-w-full divide-y divide-slate-200 text-sm ${stacked ? "stack-sm" : ""}`}
        data-testid={testId}
        aria-busy={pending}
        {...(stacked ? TABLE_ROLES.table : {})}
      >
        <thead className="bg-slate-50" {...(stacked ? TABLE_ROLES.rowgroup : {})}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} {...(stacked ? TABLE_ROLES.row : {})}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  {...(stacked ? TABLE_ROLES.columnheader : {})}
                  className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600"
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100" {...(stacked ? TABLE_ROLES.rowgroup : {})}>
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
              <tr key={row.id} data-testid={rowTestId?.(row.original)} {...(stacked ? TABLE_ROLES.row : {})}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className="px-3 py-2 align-top"
                    data-label={stacked ? labelOf(cell.column.columnDef) : undefined}
                    {...(stacked ? TABLE_ROLES.cell : {})}
                  >
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

/** A grey placeholder bar shown while data loads, so loading never reads as "no data". */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-[skeleton-pulse_1.5s_ease-in-out_infinite] rounded bg-slate-200 ${className}`}
    />
  );
}

/** Placeholder rows for a table while its first page loads. */
export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity; the list never reorders.
        <tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cells, as above.
            <td key={c} className="px-3 py-2.5">
              <Skeleton className="h-4 w-full max-w-40" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

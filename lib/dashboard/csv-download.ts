/** A streamed CSV download; the byte-order mark makes spreadsheet programs read Korean text as UTF-8. */
export function csvDownload(lines: AsyncGenerator<string>, filename: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}

/** `2026-11-27T10-15-00`: a file name's time stamp. */
export function fileStamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replaceAll(":", "-");
}

"use client";

import { useCallback, useState } from "react";
import { toast } from "sonner";

export type Notice = { kind: "error" | "success" | "info"; text: string };

/** A form's inline notice that also ends the action with a toast (sonner), so no outcome goes unseen. */
export function useNotice() {
  const [notice, setState] = useState<Notice | null>(null);
  const setNotice = useCallback((next: Notice | null) => {
    setState(next);
    if (next) (next.kind === "error" ? toast.error : next.kind === "success" ? toast.success : toast.info)(next.text);
  }, []);
  return [notice, setNotice] as const;
}

/** The same for forms that keep only an error line. */
export function useErrorNotice() {
  const [error, setState] = useState<string | null>(null);
  const setError = useCallback((next: string | null) => {
    setState(next);
    if (next) toast.error(next);
  }, []);
  return [error, setError] as const;
}

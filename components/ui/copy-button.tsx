"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";

/** Copies a value (a new secret) to the clipboard and says so; the label names what is copied for screen readers. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      aria-label={label}
      data-testid={testId}
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
        toast.success(t("developers.copied"));
      }}
    >
      {copied ? t("developers.copied") : t("developers.copy")}
    </Button>
  );
}

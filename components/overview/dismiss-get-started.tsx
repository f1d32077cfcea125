"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { dismissGetStarted } from "./actions";

export function DismissGetStarted() {
  const t = useT();
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      variant="ghost"
      disabled={pending}
      onClick={() =>
        start(async () => {
          const result = await dismissGetStarted({});
          if (result.ok) router.refresh();
        })
      }
    >
      {t("getStarted.dismiss")}
    </Button>
  );
}

"use client";

import { useState } from "react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MIN_QUERY_LENGTH } from "@/lib/search/limits";

/** Full-text search of payments (the URL's `q`): partial and case-insensitive, across the user's stores. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const t = useT();
  const [text, setText] = useState(value);
  const tooShort = text.trim() !== "" && [...text.trim()].length < MIN_QUERY_LENGTH;
  return (
    <search>
      <form
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!tooShort) onSearch(text.trim());
        }}
      >
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor="payments-q" className="sr-only">
            {t("payments.searchLabel")}
          </label>
          <Input
            id="payments-q"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t("palette.placeholder")}
            aria-describedby="payments-q-hint"
            aria-invalid={tooShort}
          />
          <p id="payments-q-hint" className={`mt-1 text-xs ${tooShort ? "text-red-700" : "text-slate-500"}`}>
            {tooShort ? t("payments.searchTooShort", { n: MIN_QUERY_LENGTH }) : t("payments.searchHint")}
          </p>
        </div>
        <Button type="submit">{t("payments.searchSubmit")}</Button>
        {value ? (
          <Button
            variant="secondary"
            onClick={() => {
              setText("");
              onSearch("");
            }}
          >
            {t("payments.searchClear")}
          </Button>
        ) : null}
      </form>
    </search>
  );
}

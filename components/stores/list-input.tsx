"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";

/** A list of strings edited as one comma-separated text field. */
export function ListInput({
  id,
  value,
  onChange,
  invalid,
  required,
}: {
  id: string;
  value: string[] | undefined;
  onChange: (v: string[]) => void;
  invalid?: boolean;
  required?: boolean;
}) {
  const [text, setText] = useState((value ?? []).join(", "));
  return (
    <Input
      id={id}
      value={text}
      aria-invalid={invalid}
      aria-required={required || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

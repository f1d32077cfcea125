import type { FormEventHandler, ReactNode } from "react";
import { Alert, Card } from "@/components/ui/card";
import type { Notice } from "@/components/ui/use-notice";

// Literal class names: Tailwind only keeps classes it finds written out.
const COLUMNS = { 3: "md:grid-cols-3", 4: "md:grid-cols-4" } as const;

/**
 * The frame of the dashboard's one-card forms: the title, the outcome of the last submit (a notice,
 * or an error line), then the fields in a grid. `onSubmit` is react-hook-form's `handleSubmit(…)`.
 */
export function FormCard({
  title,
  notice,
  columns = 3,
  onSubmit,
  children,
}: {
  title: string;
  notice: Notice | string | null;
  columns?: keyof typeof COLUMNS;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const shown = typeof notice === "string" ? { kind: "error" as const, text: notice } : notice;
  return (
    <Card title={title}>
      {shown ? (
        <div className="mb-3">
          <Alert kind={shown.kind}>{shown.text}</Alert>
        </div>
      ) : null}
      <form className={`grid grid-cols-1 gap-3 ${COLUMNS[columns]}`} noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Card>
  );
}

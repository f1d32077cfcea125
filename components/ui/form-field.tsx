import type { ReactNode } from "react";

/**
 * A labelled control with its field-level error message. `required` shows a mark next to the
 * label (hidden from screen readers, which hear the control's own aria-required instead).
 */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  required,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600" data-required-mark>
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-xs text-red-600" data-field-error={htmlFor}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

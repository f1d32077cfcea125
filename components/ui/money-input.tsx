import { forwardRef, type InputHTMLAttributes } from "react";
import { currencyExponent } from "@/lib/money";
import { Input } from "./input";

const SYMBOLS: Record<string, string> = { KRW: "₩", JPY: "¥", USD: "$", EUR: "€" };

/**
 * An amount typed in major units (₩15,000 as "15000", $10.50 as "10.50"), with the currency's sign
 * in front; no decimals are offered for currencies without a minor unit (KRW, JPY).
 */
export const MoneyInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { currency: string }>(
  function MoneyInput({ currency, className = "", ...props }, ref) {
    const decimals = currencyExponent(currency) > 0;
    return (
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-sm text-slate-500"
        >
          {SYMBOLS[currency] ?? currency}
        </span>
        <Input
          ref={ref}
          inputMode={decimals ? "decimal" : "numeric"}
          autoComplete="off"
          className={`${SYMBOLS[currency] ? "pl-7" : "pl-12"} tabular-nums ${className}`}
          {...props}
        />
      </div>
    );
  },
);

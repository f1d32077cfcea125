import { newId } from "@/lib/ids";
import type { CustomerForm } from "./schema";

/** The spec's output Customer (note the camelCase birthYear, as the spec names it). */
export type Customer = {
  id?: string;
  name?: string;
  birthYear?: string;
  gender?: "MALE" | "FEMALE" | "OTHER";
  email?: string;
  phone_number?: string;
  one_line_address?: string;
  separated_address?: {
    country?: string;
    province?: string;
    city?: string;
    address_line_1: string;
    address_line_2: string;
  };
  zipcode?: string;
};

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** CustomerForm → Customer; a customer id is assigned when the form has none. */
export function toCustomer(
  form: CustomerForm | undefined,
  options: { assignId: boolean } = { assignId: true },
): Customer {
  const f = form ?? {};
  const name = f.customer_name
    ? (f.customer_name.full_name ?? `${f.customer_name.last_name} ${f.customer_name.first_name}`)
    : undefined;
  const address = f.address;
  return strip({
    id: f.customer_id ?? (options.assignId ? newId("customer-") : undefined),
    name,
    birthYear: f.birth_year,
    gender: f.gender,
    email: f.email,
    phone_number: f.phone_number,
    one_line_address: address ? [address.address_line_1, address.address_line_2].filter(Boolean).join(" ") : undefined,
    separated_address: address ? strip({ ...address }) : undefined,
    zipcode: f.zipcode,
  });
}

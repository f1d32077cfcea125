import { DomainError } from "@/lib/errors/domain-error";

export const emailTaken = () =>
  new DomainError("INVALID_REQUEST", "email: this e-mail address already has a login", { field: "email" });
export const lastOwner = () => new DomainError("LAST_OWNER", "the team needs at least one owner");
export const invalidCode = () => new DomainError("TWO_FACTOR_CODE_INVALID", "the code is not valid", { field: "code" });
export const twoFactorAlreadyOn = () => new DomainError("INVALID_REQUEST", "two-factor is already on");

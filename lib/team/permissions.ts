import { DomainError } from "@/lib/errors/domain-error";
import type { DashboardContext } from "@/lib/dashboard/context";
import type { TeamRole } from "./schema";

export type TeamActor = Pick<DashboardContext, "merchantId" | "userId" | "role" | "storeLimited">;

/**
 * Team changes need a merchant-wide OWNER or ADMIN. Only an OWNER grants or touches the OWNER
 * role, so an ADMIN cannot promote themselves or lock the owners out.
 */
export function requireTeamManager(actor: TeamActor, ...roles: (TeamRole | undefined)[]): void {
  if (!managesTeam(actor)) {
    throw new DomainError("PERMISSION_DENIED", "only owners and admins of the whole merchant manage the team");
  }
  if (roles.includes("OWNER") && actor.role !== "OWNER")
    throw new DomainError("PERMISSION_DENIED", "only an owner grants or changes the owner role");
}

/** Whether the team controls (invite, add a login, roles) are offered to this user. */
export function managesTeam(actor: Pick<TeamActor, "role" | "storeLimited">): boolean {
  return !actor.storeLimited && (actor.role === "OWNER" || actor.role === "ADMIN");
}

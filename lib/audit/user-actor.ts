import type { Actor } from "./actor";

/** A dashboard user as the audit log names them: name and e-mail as they are at the time. */
export function userActor(user: {
  userId: string;
  userName: string;
  userEmail: string;
  origin: { ip_address: string };
}): Actor {
  return {
    type: "USER",
    id: user.userId,
    name: `${user.userName} <${user.userEmail}>`,
    ip: user.origin.ip_address || null,
  };
}

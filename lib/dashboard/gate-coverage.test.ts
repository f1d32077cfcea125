import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isGated } from "./gate";

/**
 * Every dashboard route handler and every server action in the tree goes through the dashboard
 * gate (session, role, store limit, two-factor enrolment): found by reading the source tree, so a
 * new one that skips the gate fails here by name.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Server actions that are public by design, with the reason. */
const PUBLIC_ACTIONS: Record<string, string> = {
  "components/team/accept-invitation-action.ts#acceptInvitationAction":
    "the invitee has no login yet: the 256-bit token in the link is the credential",
};

/** Route handlers that read the dashboard's code but are public by design, with the reason. */
const PUBLIC_ROUTES: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts": "next-auth itself: sign-in (throttled) and sign-out make and end the session",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const files = ["app", "components", "lib"].flatMap(sourceFiles);
const text = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const moduleLevelServer = (source: string) => /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(source);

const actionFiles = files.filter((f) => moduleLevelServer(text(f)));
const routeFiles = files.filter(
  (f) => f.endsWith("/route.ts") && (f.startsWith("app/dashboard/") || text(f).includes("@/lib/dashboard/")),
);

describe("the dashboard gate covers every entry point", () => {
  it("finds the entry points (the scan itself works)", () => {
    expect(actionFiles).toContain("components/team/actions.ts");
    expect(routeFiles).toEqual(
      expect.arrayContaining(["app/dashboard/payments/export/route.ts", "app/dashboard/audit-log/export/route.ts"]),
    );
  });

  it("no server action is declared inside a function (those could not be enumerated)", () => {
    const inline = files.filter((f) => !actionFiles.includes(f) && /["']use server["']/.test(text(f)));
    expect(inline).toEqual([]);
  });

  it("every export of every server-action module is gated (or a listed public action)", async () => {
    const ungated: string[] = [];
    for (const file of actionFiles) {
      const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (!isGated(value) && !PUBLIC_ACTIONS[`${file}#${name}`]) ungated.push(`${file}#${name}`);
      }
    }
    expect(ungated).toEqual([]);
  });

  it("every method of every dashboard route handler is gated", async () => {
    const ungated: string[] = [];
    for (const file of routeFiles) {
      const mod = (await import(path.join(ROOT, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (HTTP_METHODS.has(name) && !isGated(value) && !PUBLIC_ROUTES[file]) ungated.push(`${file}#${name}`);
      }
    }
    expect(ungated).toEqual([]);
  });
});

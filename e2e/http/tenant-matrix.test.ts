import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { REPO_ROOT } from "@/lib/testing/http-server";
import { ACTION_ATTACKS, actionKey } from "@/lib/testing/tenant-matrix/action-attacks";
import { API_ATTACKS, attackUrl, CREDENTIAL_OPERATIONS } from "@/lib/testing/tenant-matrix/api-attacks";
import { dashboardSession, serverActions, type ServerAction } from "@/lib/testing/tenant-matrix/dashboard-client";
import { buildWorld, targetState, type Actor, type Target, type World } from "@/lib/testing/tenant-matrix/world";

/**
 * The tenant matrix (HTTP pass, both databases), generated from the route list (/openapi.json)
 * and the build's server-action manifest: every operation and every dashboard server action is
 * called (1) by merchant B with merchant A's ids and store, and (2) by a key and a login limited
 * to one of B's stores with the ids of B's other store. Each must answer not found / forbidden,
 * no answer may contain the target's canary text, and the targets must be unchanged afterwards.
 */
let world: World;
let operations: { method: string; path: string }[];
let actions: ServerAction[];
const before = new Map<Target, unknown>();

beforeAll(async () => {
  expect(process.env.API_BASE_URL, "the tenant matrix runs against a server (vitest.http.config.ts)").toBeTruthy();
  const doc = (await callApi("GET", "/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
  actions = serverActions(REPO_ROOT);
  world = await buildWorld();
  for (const t of [world.victim, world.sibling]) before.set(t, await targetState(t));
}, 180_000);

const REFUSED = /NOT_FOUND|NOT_SENT|FORBIDDEN|PERMISSION_DENIED/;

async function attackApi(actor: Actor, target: Target): Promise<string[]> {
  const problems: string[] = [];
  for (const { method, path } of operations) {
    const entry = API_ATTACKS[`${method} ${path}`];
    if (!entry) continue;
    for (const attack of entry.attacks(target)) {
      const url = attackUrl(path, attack);
      const res = await callApi(method, url, { token: actor.token, ...(attack.body !== undefined ? { body: attack.body } : method === "POST" || method === "PUT" ? { body: {} } : {}) });
      const text = JSON.stringify(res.body);
      const code = res.body?.code ?? res.body?.type;
      const refused = (res.status === 403 || res.status === 404) && REFUSED.test(String(code));
      if (!refused && !(entry.extra ?? []).includes(res.status)) problems.push(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
      if (text.includes(target.canary)) problems.push(`${method} ${url} leaked the target's data: ${text.slice(0, 200)}`);
    }
  }
  return problems;
}

async function attackActions(actor: Actor, target: Target): Promise<string[]> {
  const session = await dashboardSession(process.env.API_BASE_URL!, actor.email, actor.password);
  const problems: string[] = [];
  for (const action of actions) {
    const key = actionKey(action.file, action.name);
    const entry = ACTION_ATTACKS[key]!;
    const { status, result, raw } = await session.call(action, entry.args(target));
    if (raw.includes(target.canary)) problems.push(`${key} leaked the target's data: ${raw.slice(0, 200)}`);
    if (entry.kind === "own") continue;
    const refused = result?.ok === false && (REFUSED.test(result.code) || (entry.extra ?? []).includes(result.code));
    if (status !== 200 || !refused) problems.push(`${key} → ${status} ${JSON.stringify(result ?? raw.slice(0, 200)).slice(0, 200)}`);
  }
  return problems;
}

describe("tenant matrix", () => {
  it("covers every documented operation and every server action of the build", () => {
    const missing = operations.map((o) => `${o.method} ${o.path}`).filter((op) => !API_ATTACKS[op] && !CREDENTIAL_OPERATIONS.includes(op));
    expect(missing, "add the operation to lib/testing/tenant-matrix/api-attacks.ts").toEqual([]);
    const unlisted = actions.map((a) => actionKey(a.file, a.name)).filter((key) => !ACTION_ATTACKS[key]);
    expect(unlisted, "add the action to lib/testing/tenant-matrix/action-attacks.ts").toEqual([]);
    expect(actions.length).toBeGreaterThan(20);
  });

  it("API: another merchant's ids and store answer not found / forbidden and leak nothing", async () => {
    expect(await attackApi(world.attacker, world.victim)).toEqual([]);
  }, 120_000);

  it("API: a store-limited key naming its merchant's other store answers not found / forbidden and leaks nothing", async () => {
    expect(await attackApi(world.limited, world.sibling)).toEqual([]);
  }, 120_000);

  it("server actions: another merchant's ids are refused and nothing leaks", async () => {
    expect(await attackActions(world.attacker, world.victim)).toEqual([]);
  }, 120_000);

  it("server actions: a store-limited login cannot reach its merchant's other store", async () => {
    expect(await attackActions(world.limited, world.sibling)).toEqual([]);
  }, 120_000);

  it("leaves every target exactly as it was", async () => {
    for (const t of [world.victim, world.sibling]) expect(await targetState(t)).toEqual(before.get(t));
  });
});

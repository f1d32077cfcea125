import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "@/lib/testing/api";
import { REPO_ROOT } from "@/lib/testing/http-server";
import { ACTION_ATTACKS, actionKey } from "@/lib/testing/tenant-matrix/action-attacks";
import { API_ATTACKS, attackUrl, CREDENTIAL_OPERATIONS } from "@/lib/testing/tenant-matrix/api-attacks";
import { STORE_COOKIE } from "@/lib/dashboard/context";
import { dashboardSession, serverActions, type ServerAction } from "@/lib/testing/tenant-matrix/dashboard-client";
import { appPaths, asOpenApiPath, NOT_TENANT_PATHS, PAGE_ATTACKS } from "@/lib/testing/tenant-matrix/page-attacks";
import { buildWorld, targetState, type Actor, type Target, type World } from "@/lib/testing/tenant-matrix/world";

/**
 * The tenant matrix (HTTP pass, both databases), generated from the route list (/openapi.json)
 * and the build's manifests: every operation, every dashboard server action and every dashboard
 * page and route handler is called (1) by merchant C with merchant A's ids and store, and (2) by a
 * key and a login limited to one of B's stores with the ids of B's other store. Each must answer
 * not found / forbidden (or, for lists and searches, find nothing), no answer may contain the
 * target's canary text, and the targets must be unchanged afterwards. The same searches run by
 * the target's owner do find the canary, so the leak checks can see a leak.
 */
let world: World;
let doc: { paths: Record<string, Record<string, unknown>> };
let operations: { method: string; path: string }[];
let actions: ServerAction[];
let paths: string[];
const before = new Map<Target, unknown>();

beforeAll(async () => {
  expect(process.env.API_BASE_URL, "the tenant matrix runs against a server (vitest.http.config.ts)").toBeTruthy();
  doc = (await callApi("GET", "/openapi.json")).body as typeof doc;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
  actions = serverActions(REPO_ROOT);
  paths = appPaths(REPO_ROOT);
  world = await buildWorld();
  for (const t of [world.victim, world.sibling]) before.set(t, await targetState(t));
}, 180_000);

const NOT_FOUND_IN_STREAM = "NEXT_HTTP_ERROR_FALLBACK;404";
const REFUSED = /NOT_FOUND|NOT_SENT|FORBIDDEN|PERMISSION_DENIED/;

async function attackApi(actor: Actor, target: Target): Promise<string[]> {
  const problems: string[] = [];
  for (const { method, path } of operations) {
    const entry = API_ATTACKS[`${method} ${path}`];
    if (!entry) continue;
    for (const attack of entry.attacks(target)) {
      const url = attackUrl(path, attack);
      const res = await callApi(method, url, {
        token: actor.token,
        ...(attack.body !== undefined
          ? { body: attack.body }
          : method === "POST" || method === "PUT"
            ? { body: {} }
            : {}),
      });
      const text = JSON.stringify(res.body);
      const code = res.body?.code ?? res.body?.type;
      const refused = (res.status === 403 || res.status === 404) && REFUSED.test(String(code));
      if (!refused && !(entry.extra ?? []).includes(res.status))
        problems.push(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
      if (text.includes(target.canary))
        problems.push(`${method} ${url} leaked the target's data: ${text.slice(0, 200)}`);
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
    for (const args of entry.many ? (entry.args(target) as unknown[]) : [entry.args(target)]) {
      const { status, result, raw } = await session.call(action, args);
      const answer = `${key}(${JSON.stringify(args).slice(0, 80)}) → ${status} ${JSON.stringify(result ?? raw.slice(0, 200)).slice(0, 200)}`;
      if (raw.includes(target.canary)) problems.push(`${key} leaked the target's data: ${raw.slice(0, 200)}`);
      if (entry.kind === "own") {
        if (entry.found && (status !== 200 || result?.ok !== true || entry.found(result.data).length > 0))
          problems.push(`found the target's records: ${answer}`);
        // Actions on "the current store" must not take the target's store from a forged cookie.
        const forged = await session.call(action, args, `${STORE_COOKIE}=${target.storeId}`);
        if (forged.raw.includes(target.canary))
          problems.push(`${key} with a forged store cookie leaked the target's data: ${forged.raw.slice(0, 200)}`);
        continue;
      }
      const refused = result?.ok === false && (REFUSED.test(result.code) || (entry.extra ?? []).includes(result.code));
      if (status !== 200 || !refused) problems.push(answer);
    }
  }
  return problems;
}

async function attackPages(actor: Actor, target: Target): Promise<string[]> {
  const session = await dashboardSession(process.env.API_BASE_URL!, actor.email, actor.password);
  const problems: string[] = [];
  for (const appPath of paths.filter((p) => PAGE_ATTACKS[p])) {
    const entry = PAGE_ATTACKS[appPath]!;
    for (const url of entry.urls(target)) {
      for (const forged of [undefined, `${STORE_COOKIE}=${target.storeId}`]) {
        const { status, body, setCookies } = await session.get(url, forged);
        const where = `GET ${url}${forged ? " (store cookie forged)" : ""} → ${status}`;
        if (status >= 500) problems.push(where);
        // A page that streams (app/dashboard/loading.tsx) has sent 200 before notFound(); Next then renders the 404 in the stream.
        if (entry.notFound && status !== 404 && !body.includes(NOT_FOUND_IN_STREAM))
          problems.push(`${where}, expected not found`);
        if (body.includes(target.canary)) problems.push(`${where} leaked the target's data`);
        if (
          setCookies.some(
            (c) =>
              c.startsWith(`${STORE_COOKIE}=${target.storeId}`) || c.startsWith(`${STORE_COOKIE}=${target.subStore}`),
          )
        )
          problems.push(`${where} selected the target's store`);
      }
    }
  }
  return problems;
}

describe("tenant matrix", () => {
  it("covers every documented operation and every server action of the build", () => {
    const missing = operations
      .map((o) => `${o.method} ${o.path}`)
      .filter((op) => !API_ATTACKS[op] && !CREDENTIAL_OPERATIONS.includes(op));
    expect(missing, "add the operation to lib/testing/tenant-matrix/api-attacks.ts").toEqual([]);
    const unlisted = actions.map((a) => actionKey(a.file, a.name)).filter((key) => !ACTION_ATTACKS[key]);
    expect(unlisted, "add the action to lib/testing/tenant-matrix/action-attacks.ts").toEqual([]);
    expect(actions.length).toBeGreaterThan(20);
    const documented = new Set(Object.keys(doc.paths));
    const uncovered = paths.filter(
      (p) => !PAGE_ATTACKS[p] && !(p in NOT_TENANT_PATHS) && !documented.has(asOpenApiPath(p)) && !p.includes("[..."),
    );
    expect(
      uncovered,
      "add the page or route to lib/testing/tenant-matrix/page-attacks.ts (or NOT_TENANT_PATHS, saying why)",
    ).toEqual([]);
    expect(
      Object.keys(PAGE_ATTACKS).filter((p) => !paths.includes(p)),
      "entries for pages the build no longer has",
    ).toEqual([]);
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

  it("dashboard pages and routes: another merchant's ids, searches and a forged store cookie show nothing of theirs", async () => {
    expect(await attackPages(world.attacker, world.victim)).toEqual([]);
  }, 120_000);

  it("dashboard pages and routes: a store-limited login sees nothing of its merchant's other store", async () => {
    expect(await attackPages(world.limited, world.sibling)).toEqual([]);
  }, 120_000);

  it("the same searches and pages show the target to its owner (the leak checks can see a leak)", async () => {
    const t = world.victim;
    const session = await dashboardSession(process.env.API_BASE_URL!, world.owner.email, world.owner.password);
    const palette = actions.find((a) => actionKey(a.file, a.name) === "dashboard/paletteSearchAction")!;
    const found = await session.call(palette, { q: t.canary });
    expect(found.result?.data?.payments?.length, found.raw.slice(0, 300)).toBeGreaterThan(0);
    const list = actions.find((a) => actionKey(a.file, a.name) === "payments/listPaymentsAction")!;
    expect((await session.call(list, { q: t.payment, scope: "all" })).result?.data?.payments?.length).toBe(1);
    expect((await session.get(`/dashboard/payments/export?q=${t.payment}&scope=all`)).body).toContain(t.canary);
    const store = (await session.get(`/dashboard/stores/${t.subStore}`)).body;
    expect(store).toContain(t.canary);
    expect(store).not.toContain(NOT_FOUND_IN_STREAM);
    expect((await session.get("/dashboard/developers")).body).toContain(t.canary);
  }, 60_000);

  it("leaves every target exactly as it was", async () => {
    for (const t of [world.victim, world.sibling]) expect(await targetState(t)).toEqual(before.get(t));
  });
});

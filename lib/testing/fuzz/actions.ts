import { ACTION_ATTACKS, actionKey } from "../tenant-matrix/action-attacks";
import type { dashboardSession, ServerAction } from "../tenant-matrix/dashboard-client";
import type { Target } from "../tenant-matrix/world";
import { mutate, stringify } from "./cases";
import { hostileValue } from "./hostile";
import { seededRandom } from "./random";
import type { FuzzSummary } from "./run";

type Session = Awaited<ReturnType<typeof dashboardSession>>;

const REACT_DECODE_DEPTH = 3000;

/** How deeply the JSON text nests (strings skipped). */
function nesting(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") max = Math.max(max, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return max;
}

/**
 * Dashboard server actions fuzzed like the API: each call takes an action of the build, its
 * tenant-matrix arguments aimed at the caller's own records, and replaces one leaf (or the whole
 * argument) with a hostile value. No call may answer a 5xx, an unreadable reply or SERVICE_ERROR:
 * bad input is INVALID_REQUEST naming the field.
 */
export async function fuzzActions(options: {
  session: Session;
  actions: ServerAction[];
  own: Target;
  seed: number;
  count: number;
}): Promise<FuzzSummary> {
  const rng = seededRandom(options.seed);
  const summary: FuzzSummary = { requests: 0, byStatus: {}, problems: [], seed: options.seed, resent: [] };
  for (let i = 0; i < options.count; i++) {
    const action = rng.pick(options.actions);
    const entry = ACTION_ATTACKS[actionKey(action.file, action.name)];
    if (!entry) continue;
    const base = entry.many ? rng.pick(entry.args(options.own) as unknown[]) : entry.args(options.own);
    const arg = rng.chance(0.1) ? base : rng.chance(0.15) ? hostileValue(rng) : mutate(rng, base);
    const text = stringify([arg]);
    const { status, result, raw } = await options.session.callWith(action, text);
    summary.requests++;
    const code = result?.ok === true ? "ok" : String(result?.code ?? status);
    summary.byStatus[code] = (summary.byStatus[code] ?? 0) + 1;
    // React decodes the arguments recursively and overflows past a few thousand levels: it answers
    // an error row before any code of ours runs (nothing reaches the database). Below that depth
    // our own rule (32 levels) answers INVALID_REQUEST.
    if (result === undefined && status === 200 && nesting(text) > REACT_DECODE_DEPTH) continue;
    if (status >= 500 || result === undefined || code === "SERVICE_ERROR")
      summary.problems.push(
        `${actionKey(action.file, action.name)}(${text.slice(0, 160)}) → ${status} ${raw.slice(0, 160)}`,
      );
  }
  return summary;
}

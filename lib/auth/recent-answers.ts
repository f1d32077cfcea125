/**
 * Positive credential checks reused for AUTH_RECHECK_MS, so a busy client costs one read per key per
 * second; a revocation in this process clears them at once, a wrong credential is always checked.
 */
const MAX_ENTRIES = 10_000;
// Shared through globalThis: Next bundles route handlers and pages separately, each with its own
// copy of this module, and a revocation made in one (sign-out) must clear the others' answers.
// The generation is bumped by every forgetting: an answer read before one is not kept after it.
type Shared = { every: RecentAnswers<unknown>[]; generation: number };
const holder = globalThis as { __recentAnswers?: Shared };
holder.__recentAnswers ??= { every: [], generation: 0 };
const shared: Shared = holder.__recentAnswers;

/** Take before reading an answer from the database; pass to `set` so a revocation in between wins. */
export function answersGeneration(): number {
  return shared.generation;
}

export function recheckMs(): number {
  return Number(process.env.AUTH_RECHECK_MS ?? 1000);
}

export class RecentAnswers<V> {
  private readonly answers = new Map<string, { value: V; until: number }>();

  constructor() {
    shared.every.push(this as RecentAnswers<unknown>);
  }

  get(key: string, now = Date.now()): V | undefined {
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    if (hit.until > now) return hit.value;
    this.answers.delete(key);
    return undefined;
  }

  set(key: string, value: V, now = Date.now(), readAt?: number): void {
    const ttl = recheckMs();
    if (ttl <= 0 || (readAt !== undefined && readAt !== shared.generation)) return;
    if (this.answers.size >= MAX_ENTRIES) this.answers.clear();
    this.answers.set(key, { value, until: now + ttl });
  }

  clear(): void {
    this.answers.clear();
  }
}

/** Called by every revocation: nothing this process remembers outlives it. */
export function forgetRecentAnswers(): void {
  shared.generation += 1;
  for (const answers of shared.every) answers.clear();
}

/**
 * Conditional writes: a state change is an UPDATE guarded by the state it expects. A guarded
 * write that matched no row means someone else changed the record first: that is an error the
 * caller must handle, never something to ignore.
 */
export class StaleWriteError extends Error {
  constructor(readonly what: string) {
    super(`${what}: the record changed meanwhile (the guarded write matched no row)`);
    this.name = "StaleWriteError";
  }
}

/** A move the record's state table does not allow. */
export class IllegalTransitionError extends Error {
  constructor(
    readonly kind: string,
    readonly id: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`${kind} ${id} cannot move ${from} → ${to}`);
    this.name = "IllegalTransitionError";
  }
}

export function requireRows(result: { numUpdatedRows: bigint }, expected: number, what: string): void {
  if (Number(result.numUpdatedRows) !== expected) throw new StaleWriteError(what);
}

/**
 * Node's arguments to run a TypeScript entry point in the process itself, as package.json's start
 * and worker scripts do: no tsx CLI parent that relays signals and SIGKILLs a slow child
 * (scripts/launch.test.ts).
 */
export function tsEntry(script: string, ...args: string[]): string[] {
  return ["--import", "tsx", script, ...args];
}

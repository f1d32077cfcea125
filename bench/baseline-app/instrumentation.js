// The baseline's own (empty) instrumentation hook. Without it, building bench/baseline-app inside
// this checkout bundled the platform's instrumentation.ts (migrations, the in-app job worker) into the
// bare server, which then migrated and polled the app's database and refused to start on a newer
// schema ("corrupted migrations").
export function register() {}

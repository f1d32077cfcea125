import type { AdapterHarness } from "./harness";
import { niceHarness } from "./nice";
import { sandboxHarness } from "./sandbox";
import { tossHarness } from "./toss";

/**
 * Every payment adapter the provider conformance kit runs (e2e/api/provider-conformance.test.ts).
 * A new adapter joins by adding its harness here (docs/providers.md, "The conformance kit").
 */
export const conformingAdapters: AdapterHarness[] = [sandboxHarness, tossHarness, niceHarness];

import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { startNiceFake, type NiceFake, type NiceFakeOptions } from "./server";

/**
 * The NICE fake for one test file: started before its tests with NICE_API_BASE pointing the adapter
 * at it, its quirks reset and its document violations checked (must be none) after each test.
 * Returns a getter, as the fake exists only once the file's tests start.
 */
export function niceFakePerFile(options: NiceFakeOptions = {}): () => NiceFake {
  let fake: NiceFake | undefined;
  beforeAll(async () => {
    fake = await startNiceFake(options);
    process.env.NICE_API_BASE = fake.baseUrl;
  });
  afterAll(async () => {
    delete process.env.NICE_API_BASE;
    await fake?.close();
  });
  afterEach(() => {
    if (!fake) return;
    for (const quirk of Object.keys(fake.quirks)) delete fake.quirks[quirk as keyof typeof fake.quirks];
    expect(fake.violations.splice(0)).toEqual([]);
  });
  return () => {
    if (!fake) throw new Error("the NICE fake starts before the file's tests");
    return fake;
  };
}

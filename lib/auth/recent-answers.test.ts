import { describe, expect, it, vi } from "vitest";
import { answersGeneration, forgetRecentAnswers, RecentAnswers } from "./recent-answers";

describe("recent answers", () => {
  it("an answer read before a revocation is not kept after it (a request racing a sign-out)", () => {
    const answers = new RecentAnswers<string>();
    const readAt = answersGeneration();
    // The revocation lands while the request is reading the row it found live.
    forgetRecentAnswers();
    answers.set("ses_1", "user_1", Date.now(), readAt);
    expect(answers.get("ses_1")).toBeUndefined();
    // Read after the revocation: kept.
    answers.set("ses_2", "user_1", Date.now(), answersGeneration());
    expect(answers.get("ses_2")).toBe("user_1");
  });

  it("a forgetting in another copy of the module (another Next bundle) clears this copy's answers", async () => {
    const answers = new RecentAnswers<string>();
    answers.set("ses_3", "user_1");
    vi.resetModules();
    const other = await import("./recent-answers");
    other.forgetRecentAnswers();
    expect(answers.get("ses_3")).toBeUndefined();
  });
});

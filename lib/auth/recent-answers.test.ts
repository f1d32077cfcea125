import { describe, expect, it } from "vitest";
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
});

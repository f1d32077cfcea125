import { describe, expect, it } from "vitest";
import { prettyJson } from "./pretty-json";

describe("prettyJson", () => {
  it("indents JSON and gives anything else back unchanged", () => {
    expect(prettyJson('{"a":[1,{"b":null}]}')).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}');
    expect(prettyJson("card_number=4242…")).toBe("card_number=4242…");
    expect(prettyJson("")).toBe("");
  });
});

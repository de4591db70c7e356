import { describe, expect, it } from "vitest";
import { fieldErrors, invalidInputProblem, problemDocument, problemType } from "./problem";

describe("problem documents", () => {
  it("carry type, title, status, detail and the code, the title fixed per type", () => {
    expect(problemDocument(404, { code: "not_found", detail: "No theme x" })).toEqual({
      type: "/web-api/docs#problem-not_found",
      title: "Nothing is found at this address",
      status: 404,
      detail: "No theme x",
      error: "not_found",
    });
  });

  it("take the status's reason phrase as title for a code without one", () => {
    expect(problemDocument(409, { code: "something_new", detail: "x" }).title).toBe("Conflict");
  });

  it("keep extension members but never let them replace the standard ones", () => {
    const doc = problemDocument(400, {
      code: "invalid",
      detail: "Falsch",
      extensions: { message: { text: "Falsch" }, status: 200, type: "x" },
    });
    expect(doc).toMatchObject({ status: 400, type: problemType("invalid") });
    expect(doc.message).toEqual({ text: "Falsch" });
  });

  it("leave out an empty errors member", () => {
    expect(
      problemDocument(400, { code: "invalid_request", detail: "x", errors: {} }),
    ).not.toHaveProperty("errors");
  });

  it("name every wrong field of refused input once, by its dotted path", () => {
    const refused = {
      issues: [
        { path: ["accessories", 0, "article"], message: "unknown article" },
        { path: ["quantity"], message: "too small" },
        { path: ["quantity"], message: "not a multiple of 5" },
        { path: [], message: "not an object" },
      ],
    };
    expect(fieldErrors(refused, "query")).toEqual({
      "accessories.0.article": "unknown article",
      quantity: "too small",
      query: "not an object",
    });
    expect(invalidInputProblem(refused).detail).toBe(
      "accessories.0.article: unknown article; quantity: too small; body: not an object",
    );
  });

  it("make a type link of any code", () => {
    expect(problemType("too-weak")).toBe("/web-api/docs#problem-too-weak");
    expect(problemType("a b/c")).toBe("/web-api/docs#problem-a-b-c");
  });
});

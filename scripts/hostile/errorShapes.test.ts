import { describe, expect, it } from "vitest";
import { shapeProblems } from "./errorShapes.js";

const answer = (status: number, type: string, body: unknown, cache = "private, no-store") => ({
  status,
  headers: { "content-type": type, "cache-control": cache },
  body: Buffer.from(typeof body === "string" ? body : JSON.stringify(body)),
});
const problem = {
  type: "/web-api/docs#problem-invalid_request",
  title: "The request is invalid",
  status: 400,
  detail: "pageSize: too big",
  error: "invalid_request",
};

describe("the error-shape check of the hostile suite", () => {
  it("takes a problem document whose status is the answer's", () => {
    expect(shapeProblems(answer(400, "application/problem+json", problem))).toEqual([]);
  });

  it("finds plain text, plain JSON, a wrong status member, a missing member and a cacheable one", () => {
    expect(shapeProblems(answer(400, "text/plain", "Malformed JSON"))).toEqual([
      "content type text/plain",
    ]);
    expect(shapeProblems(answer(400, "application/json", { error: "x" }))).toEqual([
      "content type application/json",
    ]);
    expect(shapeProblems(answer(404, "application/problem+json", problem))).toEqual([
      "status member 400",
    ]);
    const { title: _, ...untitled } = problem;
    expect(shapeProblems(answer(400, "application/problem+json", untitled))).toEqual(["no title"]);
    expect(
      shapeProblems(answer(400, "application/problem+json", problem, "public, max-age=60")),
    ).toEqual(["cacheable"]);
  });

  it("finds a server error or a success where a refusal belongs", () => {
    expect(
      shapeProblems(answer(500, "application/problem+json", { ...problem, status: 500 })),
    ).toEqual(["status 500"]);
  });
});

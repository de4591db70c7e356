// Every API error is a problem document: one hostile request of each kind a client gets
// wrong (unknown path, wrong method, malformed JSON, a body of another type, a body over
// the limit, a wrong token, a refused field) to each API family, and each answer must be
// a 4xx `application/problem+json` with type, title, status (the answer's) and detail.

import { request as httpRequest } from "node:http";

const JSON_TYPE = { "content-type": "application/json" };

/** [method, path, headers, body]: each a mistake a client makes, one per family and kind. */
const MISTAKES = [
  ["GET", "/web-api/no-such-endpoint", {}, null],
  ["DELETE", "/web-api/themes", {}, null],
  ["POST", "/web-api/card-accessory-order", JSON_TYPE, "{ not json"],
  ["POST", "/web-api/card-accessory-order", { "content-type": "text/plain" }, "card=1"],
  ["POST", "/web-api/card-accessory-order", JSON_TYPE, `{"x":"${"a".repeat(1_100_000)}"}`],
  ["GET", "/web-api/themes?pageSize=20", {}, null],
  ["GET", "/price-api/prices/article", {}, null],
  ["POST", "/web-api/customer-login", JSON_TYPE, '{"email":"a\\u0000b"}'],
  ["POST", "/web-api/cart/items", JSON_TYPE, "{}"],
  ["POST", "/web-api/contact-form", JSON_TYPE, "{}"],
  ["POST", "/web-api/newsletter-confirm", JSON_TYPE, "{}"],
  [
    "POST",
    "/web-api/toolbox-convert-file",
    { "content-type": "multipart/form-data; boundary=x" },
    "--x--",
  ],
  ["POST", "/web-api/rum", JSON_TYPE, '{"events":"x"}'],
  ["GET", "/web-api/campaign-data?url=ftp%3A%2F%2Fx", {}, null],
  ["GET", "/web-api/cms/content-page?locale=xx", {}, null],
  ["GET", "/v2/cdn/stories?token=wrong", {}, null],
  ["GET", "/v1/spaces/1/stories", { authorization: "wrong" }, null],
  ["GET", "/a/cards/no-such-file.png", {}, null],
  ["GET", "/_img/abc/a/cards/no-such-file.png", {}, null],
  ["PUT", "/customer-picture/get", {}, null],
];

function send(port, [method, path, headers, body]) {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method, path, headers: { host: "localhost", ...headers } },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", (error) => resolve({ status: 0, error }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, error }));
    if (body) req.write(body);
    req.end();
  });
}

/** What is wrong with an error answer's shape, if anything. */
export function shapeProblems(answer) {
  const found = [];
  if (answer.status < 400 || answer.status >= 500) found.push(`status ${answer.status}`);
  const type = String(answer.headers?.["content-type"] ?? "");
  if (type !== "application/problem+json") return [...found, `content type ${type || "none"}`];
  let doc;
  try {
    doc = JSON.parse(answer.body.toString("utf8"));
  } catch {
    return [...found, "a body that is not JSON"];
  }
  for (const member of ["type", "title", "detail", "error"]) {
    if (typeof doc[member] !== "string" || doc[member] === "") found.push(`no ${member}`);
  }
  if (doc.status !== answer.status) found.push(`status member ${doc.status}`);
  if (!/no-store/.test(String(answer.headers?.["cache-control"] ?? ""))) found.push("cacheable");
  return found;
}

/** Sends every mistake (a second or so, so the short form sends them all too). */
export async function errorShapes({ port }) {
  const problems = [];
  for (const mistake of MISTAKES) {
    const found = shapeProblems(await send(port, mistake));
    if (found.length) problems.push(`errors: ${mistake[0]} ${mistake[1]}: ${found.join(", ")}`);
  }
  return { requests: MISTAKES.length, problems };
}

// A Node server that answers every request with the bytes of one file and does nothing
// else: the ceiling for a page or file served from memory.
//   node scripts/bench/bare-server.js 3298 page.html "text/html; charset=utf-8"
import { readFileSync } from "node:fs";
import http from "node:http";

const [, , port, file, contentType] = process.argv;
const body = readFileSync(file);

http
  .createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1");

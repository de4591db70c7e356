/**
 * A request over a real socket, for the tests that need the node:http listener itself
 * (Host headers as sent, repeated headers, the bytes as written), which `app.request`
 * and Node's fetch would change.
 */
import { request, type IncomingHttpHeaders } from "node:http";

export interface SocketAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends `method target` to 127.0.0.1:`port`; `headers` as name, value, name, value … */
export function sendOverSocket(
  port: number,
  target: string,
  headers: string[],
  method = "GET",
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path: target, method, headers });
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

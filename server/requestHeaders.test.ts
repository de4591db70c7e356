import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { incomingHeaders } from "./requestHeaders";

const incoming = (rawHeaders: string[]) => ({ rawHeaders }) as unknown as IncomingMessage;

describe("a node:http request's headers read as the app reads them", () => {
  it("finds a header whatever the case of its name, and null for a missing one", () => {
    const headers = incomingHeaders(incoming(["Accept-Encoding", "br", "HOST", "localhost"]));
    expect(headers.get("accept-encoding")).toBe("br");
    expect(headers.get("Host")).toBe("localhost");
    expect(headers.get("if-none-match")).toBeNull();
  });

  it("joins a repeated header as the Fetch API does: cookies with '; ', the rest with ', '", () => {
    const raw = ["Host", "a", "Cookie", "x=1", "host", "b", "cookie", "y=2", "User-Agent", "u"];
    const headers = incomingHeaders(incoming(raw));
    const fetchHeaders = new Headers();
    for (let i = 0; i < raw.length; i += 2) fetchHeaders.append(raw[i]!, raw[i + 1]!);
    for (const name of ["host", "cookie", "user-agent"]) {
      expect(headers.get(name)).toBe(fetchHeaders.get(name));
    }
    expect(headers.get("host")).toBe("a, b");
    expect(headers.get("cookie")).toBe("x=1; y=2");
  });
});

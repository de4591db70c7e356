/**
 * The request's device: its user agent and the client hints Sec-CH-UA-Mobile and
 * Sec-CH-UA-Platform (domain/device.ts has the rules).
 */
import Bowser from "bowser";
import { isbot } from "isbot";
import { deviceInfoOf, type DeviceInfo } from "../domain/device";
import type { HeaderReader } from "./requestHeaders";

export type { DeviceInfo };

/** A structured header's string value without its quotes (`"Android"` → `Android`). */
function hint(headers: HeaderReader, name: string): string | null {
  const value = headers.get(name);
  return value === null ? null : value.trim().replace(/^"|"$/g, "");
}

export function deviceInfo(headers: HeaderReader): DeviceInfo {
  const mobile = hint(headers, "sec-ch-ua-mobile");
  const userAgent = headers.get("user-agent") ?? "";
  const parser = Bowser.getParser(userAgent || " ");
  return deviceInfoOf(
    {
      platform: parser.getPlatformType(true),
      os: parser.getOSName(true),
      browser: parser.getBrowserName(true),
      crawler: isbot(userAgent),
    },
    {
      mobile: mobile === null ? null : mobile === "?1",
      platform: hint(headers, "sec-ch-ua-platform"),
    },
  );
}

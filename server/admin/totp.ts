/**
 * The second factor: time-based one-time codes (RFC 6238: SHA-1, six digits, 30 seconds,
 * what every authenticator app reads from an otpauth:// QR code). A code is accepted one
 * step either side of now, and each time step only once, so a code seen over a shoulder
 * cannot be used again.
 */
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

const ISSUER = "Photo shop back office";

function totpOf(secret: string, label = "operator"): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret of 160 bits, base32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an app scans, and the same as a QR code (an SVG data URL). */
export async function totpEnrollment(
  secret: string,
  email: string,
): Promise<{ url: string; qr: string }> {
  const url = totpOf(secret, email).toString();
  const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The time step a code belongs to when it is valid now (±1 step), else null. The caller
 * accepts it only when the step is later than the last one used.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

/** The code of a secret at a time (tests and the command line's check). */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}

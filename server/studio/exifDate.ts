/**
 * When a photo was taken, read from its EXIF block (as the image library hands it over:
 * "Exif\0\0" and a TIFF structure): the original date (DateTimeOriginal) of the camera's
 * own directory, else the picture's date (DateTime). Cameras write local time without a
 * zone, so the date is returned as if it were UTC: what matters is the order of photos.
 * A missing, broken or implausible date gives null; nothing here throws.
 */

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME = 0x0132;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
/** "YYYY:MM:DD HH:MM:SS" (some writers use dashes in the date). */
const EXIF_DATE = /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** Parses an EXIF date text; null when it is none or an impossible one. */
export function parseExifDate(text: string): Date | null {
  const m = EXIF_DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCDate() === day ? date : null;
}

export function exifCaptureDate(exif: Buffer | undefined): Date | null {
  if (!exif || exif.length < 14) return null;
  try {
    const start = exif.toString("latin1", 0, 4) === "Exif" ? 6 : 0;
    const order = exif.toString("latin1", start, start + 2);
    if (order !== "II" && order !== "MM") return null;
    const little = order === "II";
    const u16 = (at: number) =>
      little ? exif.readUInt16LE(start + at) : exif.readUInt16BE(start + at);
    const u32 = (at: number) =>
      little ? exif.readUInt32LE(start + at) : exif.readUInt32BE(start + at);
    const size = exif.length - start;
    /** The entries of a directory: tag → value offset or value (for pointers). */
    const directory = (at: number) => {
      const entries = new Map<number, { type: number; count: number; at: number }>();
      if (at + 2 > size) return entries;
      const n = u16(at);
      for (let i = 0; i < n && at + 2 + 12 * (i + 1) <= size; i++) {
        const entry = at + 2 + 12 * i;
        entries.set(u16(entry), { type: u16(entry + 2), count: u32(entry + 4), at: entry + 8 });
      }
      return entries;
    };
    const ascii = (e: { type: number; count: number; at: number } | undefined) => {
      // ASCII (type 2); more than four bytes sit at an offset.
      if (!e || e.type !== 2 || e.count < 19) return null;
      const offset = e.count > 4 ? u32(e.at) : e.at;
      if (offset + e.count > size) return null;
      return parseExifDate(exif.toString("latin1", start + offset, start + offset + e.count));
    };
    const first = directory(u32(4));
    const pointer = first.get(TAG_EXIF_IFD);
    const camera = pointer ? directory(u32(pointer.at)) : new Map();
    return ascii(camera.get(TAG_DATE_TIME_ORIGINAL)) ?? ascii(first.get(TAG_DATE_TIME));
  } catch {
    return null;
  }
}

/** Reading when a photo was taken from the EXIF block the image library hands over. */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { exifCaptureDate, parseExifDate } from "./exifDate";

const exifOf = async (exif: Record<string, Record<string, string>>) => {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .jpeg()
    .withExif(exif)
    .toBuffer();
  return (await sharp(jpeg).metadata()).exif;
};

describe("a photo's capture date", () => {
  it("is the camera's original date, before the picture's own date", async () => {
    const exif = await exifOf({
      IFD0: { DateTime: "2021:01:01 00:00:00" },
      IFD2: { DateTimeOriginal: "2019:07:08 09:10:11" },
    });
    expect(exifCaptureDate(exif)?.toISOString()).toBe("2019-07-08T09:10:11.000Z");
  });

  it("falls back to the picture's date, and is null without one", async () => {
    expect(
      exifCaptureDate(await exifOf({ IFD0: { DateTime: "2020:02:29 23:59:59" } }))?.toISOString(),
    ).toBe("2020-02-29T23:59:59.000Z");
    expect(exifCaptureDate(await exifOf({ IFD0: { Make: "Camera" } }))).toBeNull();
    expect(exifCaptureDate(undefined)).toBeNull();
  });

  it("never throws on a broken block", () => {
    expect(exifCaptureDate(Buffer.from("Exif\0\0MM\0*\0\0\0\x08\xff\xff", "latin1"))).toBeNull();
    expect(exifCaptureDate(Buffer.from("Exif\0\0II*\0\xff\xff\xff\x7f", "latin1"))).toBeNull();
    expect(exifCaptureDate(Buffer.alloc(40, 0xff))).toBeNull();
  });

  it("refuses impossible dates", () => {
    expect(parseExifDate("0000:00:00 00:00:00")).toBeNull();
    expect(parseExifDate("2021:02:30 10:00:00")).toBeNull();
    expect(parseExifDate("2021-02-03 10:00:00")?.toISOString()).toBe("2021-02-03T10:00:00.000Z");
  });
});

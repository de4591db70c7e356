/**
 * Which copy of a photo the studio draws where. The editor's canvas draws the screen copy
 * (at most 2048 px); the page strip and the photo tray draw the small copy (at most 320 px),
 * which a browser decodes in a sixtieth of the time: a hundred pages of a book filled at once
 * would otherwise decode two hundred screen copies for pictures a few dozen pixels high.
 */
import { THUMB_EDGE } from "../../domain/studio/photoThumbs";
import { screenUrl, type StudioPhoto } from "./api";

/** The small copy of a photo. */
export function thumbUrl(photoId: string): string {
  return `${screenUrl(photoId)}?size=small`;
}

/**
 * The copy for a photo drawn `shown` CSS pixels on its long side: the small one while it has
 * a device pixel for every pixel on screen, else the screen copy.
 */
export function copyFor(photoId: string, shown: number, density = devicePixels()): string {
  return shown * density <= THUMB_EDGE ? thumbUrl(photoId) : screenUrl(photoId);
}

function devicePixels(): number {
  return typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
}

/** The tray's buttons are a grid of columns from 4.5 rem wide; about 6 rem is usual. */
const TRAY_SIZES = "6rem";

/**
 * A tray photo's picture: the small copy, the screen copy for a screen that needs more
 * (a zoomed page), and the small copy's size, so the picture's box is known before it loads.
 * The sizes are the shop's, as the photo list and the upload say them.
 */
export function trayPicture(photo: StudioPhoto) {
  const small = thumbUrl(photo.id);
  return {
    src: small,
    srcSet: `${small} ${photo.thumbWidth}w, ${screenUrl(photo.id)} ${photo.screenWidth}w`,
    sizes: TRAY_SIZES,
    width: photo.thumbWidth,
    height: photo.thumbHeight,
  };
}

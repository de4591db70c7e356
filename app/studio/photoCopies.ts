/**
 * Which copy of a photo the studio draws where. The editor's canvas draws the screen copy
 * (at most 2048 px); the page strip and the photo tray draw the small copy (at most 320 px),
 * which a browser decodes in a sixtieth of the time: a hundred pages of a book filled at once
 * would otherwise decode two hundred screen copies for pictures a few dozen pixels high.
 */
import { SCREEN_EDGE, THUMB_EDGE, fitInside } from "../../domain/studio/photoThumbs";
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
 */
export function trayPicture(photo: StudioPhoto) {
  const screen = fitInside(photo.width, photo.height, SCREEN_EDGE);
  const thumb = fitInside(screen.width, screen.height, THUMB_EDGE);
  return {
    src: thumbUrl(photo.id),
    srcSet: `${thumbUrl(photo.id)} ${thumb.width}w, ${screenUrl(photo.id)} ${screen.width}w`,
    sizes: TRAY_SIZES,
    width: thumb.width,
    height: thumb.height,
  };
}

/**
 * The photo tray: the shopper's photos, and the uploads under way with their progress.
 * Photos come in by the file picker or dropped on the tray, several at once (three upload
 * at a time); HEIC/HEIF photos are turned into JPEG in the browser when it can decode them,
 * else refused with a sentence saying so. A photo is placed by dragging it onto a frame, or
 * (by keyboard, or a tap on a phone) with its button, into the selected or first empty frame.
 */
import { memo, useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { useT } from "../i18n/i18n";
import { ApiError, uploadPhoto, type StudioPhoto } from "./api";
import { trayPicture } from "./photoCopies";

export interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

/** Uploads at once: more only queue in the browser and make every bar crawl. */
const PARALLEL = 3;
const HEIC = /\.(heic|heif)$/i;

function isHeic(file: File) {
  return /image\/hei[cf]/.test(file.type) || HEIC.test(file.name);
}

/** A HEIC photo as JPEG, when the browser can decode it (Safari can); else null. */
async function heicToJpeg(file: File): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
    return await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.95));
  } catch {
    return null;
  }
}

export function PhotoTray({
  photos,
  onUploaded,
  onPlace,
}: {
  photos: readonly StudioPhoto[];
  onUploaded: (photo: StudioPhoto) => void;
  onPlace: (photoId: string) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  // One function for the tray's life, calling the studio's latest: the photos' list (up to
  // 500 buttons) is drawn again only when the photos change, not at every edit of the design.
  const placeRef = useRef(onPlace);
  useEffect(() => {
    placeRef.current = onPlace;
  });
  const place = useCallback((photoId: string) => placeRef.current(photoId), []);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  async function uploadOne(file: File, key: string) {
    let body: Blob = file;
    if (isHeic(file)) {
      const jpeg = await heicToJpeg(file);
      if (!jpeg) return update(key, { error: t("studio.upload.heic") });
      body = new File([jpeg], file.name.replace(HEIC, ".jpg"), { type: "image/jpeg" });
    }
    try {
      const photo = await uploadPhoto(body, (progress) => update(key, { progress }));
      onUploaded(photo);
      setUploads((list) => list.filter((u) => u.key !== key));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const reason =
        status === 415
          ? t("studio.upload.notImage")
          : status === 413
            ? t("studio.upload.tooLarge")
            : error instanceof ApiError && error.message && status !== 0
              ? error.message
              : t("studio.upload.failed");
      update(key, { error: reason });
    }
  }

  async function add(files: readonly File[]) {
    const queued = files.map((file, i) => ({
      file,
      key: `${Date.now()}-${i}-${file.name}`,
    }));
    setUploads((list) => [
      ...list,
      ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0, error: null })),
    ]);
    const waiting = [...queued];
    const worker = async () => {
      for (let next = waiting.shift(); next; next = waiting.shift())
        await uploadOne(next.file, next.key);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, waiting.length) }, worker));
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void add(files);
  }

  return (
    <section
      className={`studio-tray${over ? " studio-tray--over" : ""}`}
      aria-labelledby="studio-tray-title"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes("Files")) {
          event.preventDefault();
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id="studio-tray-title" className="studio-panel__title">
        {t("studio.tray.title")}
      </h2>
      <label className="button studio-tray__pick">
        {t("studio.tray.add")}
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
          multiple
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            if (files.length > 0) void add(files);
          }}
        />
      </label>
      <p className="studio-tray__hint">{t("studio.tray.hint")}</p>
      {uploads.length > 0 ? (
        <ul className="studio-tray__uploads" aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key}>
              <span className="studio-tray__name">{u.name}</span>
              {u.error ? (
                <span className="studio-tray__error" role="alert">
                  {u.error}
                  <button
                    type="button"
                    className="studio-link"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    {t("studio.tray.dismiss")}
                  </button>
                </span>
              ) : (
                <progress
                  max={1}
                  value={u.progress}
                  aria-label={t("studio.tray.progress", { name: u.name })}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <TrayPhotos photos={photos} onPlace={place} />
    </section>
  );
}

/** The tray's photos, each a button that places it (or a picture to drag onto a frame). */
const TrayPhotos = memo(function TrayPhotos({
  photos,
  onPlace,
}: {
  photos: readonly StudioPhoto[];
  onPlace: (photoId: string) => void;
}) {
  const t = useT();
  return (
    <ul className="studio-tray__photos">
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <button
            type="button"
            className="studio-tray__photo"
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData("application/x-studio-photo", photo.id);
              event.dataTransfer.effectAllowed = "copy";
            }}
            onClick={() => onPlace(photo.id)}
            aria-label={t("studio.tray.place", { n: i + 1 })}
          >
            {/* The button's label names the photo; the picture adds nothing to it. */}
            <img {...trayPicture(photo)} alt="" loading="lazy" decoding="async" />
          </button>
        </li>
      ))}
    </ul>
  );
});

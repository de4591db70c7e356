import { afterEach, describe, expect, it, vi } from "vitest";
import { autofillDesign } from "../../domain/studio/autofill";
import type { DesignDocument } from "../../domain/studio/document";
import { testPhotobook, testPhotobookDocument } from "../../domain/studio/photobook.testing";
import { autofillOffThread, prewarmAutofill, resetAutofillWorker } from "./autofillClient";
import { runAutofillJob, type AutofillJob } from "./autofillJob";

const book = (): DesignDocument => testPhotobookDocument(testPhotobook(100), "en");

/** The tray's photos as the studio lists them: screen sizes and paths beside the dates. */
const tray = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `photo${i}`,
    width: 3000,
    height: 2000,
    screenWidth: 2048,
    screenHeight: 1365,
    screen: `/web-api/studio/photos/photo${i}/screen`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    capturedAt: null,
  }));

const placedIds = (doc: DesignDocument) =>
  doc.surfaces.flatMap((s) =>
    s.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : [])),
  );

/** A stand-in for the browser's Worker: jobs are answered a turn later, as a thread would. */
class FakeWorker {
  static jobs: AutofillJob[] = [];
  static fails = false;
  static made = 0;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made += 1;
  }
  postMessage(job: AutofillJob) {
    FakeWorker.jobs.push(job);
    setTimeout(() => {
      if (FakeWorker.fails) this.onerror?.({ preventDefault() {} });
      else this.onmessage?.({ data: runAutofillJob(structuredClone(job)) });
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  resetAutofillWorker();
  vi.unstubAllGlobals();
  FakeWorker.jobs = [];
  FakeWorker.fails = false;
  FakeWorker.made = 0;
});

describe("auto-fill off the main thread", () => {
  it("500 photos go to the worker with their ids and dates only, and the book comes back filled as the domain fills it", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const doc = book();
    const photos = tray(500);
    const answer = await autofillOffThread(doc, photos, 1);
    expect(FakeWorker.jobs).toHaveLength(1);
    const [job] = FakeWorker.jobs;
    expect(job!.photos[0]).toEqual({
      id: "photo0",
      createdAt: photos[0]!.createdAt,
      capturedAt: null,
    });
    expect(job!.photos).toHaveLength(500);
    expect(answer.placed).toBe(500);
    expect(answer.leftOver).toEqual([]);
    expect(answer.document).toEqual(autofillDesign(doc, photos, { seed: 1 }).document);
    expect(new Set(placedIds(answer.document)).size).toBe(500);
  });

  it("answers each job with its own result when two are under way at once", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const [few, many] = await Promise.all([
      autofillOffThread(book(), tray(30), 1),
      autofillOffThread(book(), tray(120), 1),
    ]);
    expect(few.placed).toBe(30);
    expect(many.placed).toBe(120);
  });

  it("a worker that fails runs the job in the page instead, and every later one too", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.fails = true;
    const first = await autofillOffThread(book(), tray(40), 1);
    expect(first.placed).toBe(40);
    const second = await autofillOffThread(book(), tray(10), 1);
    expect(second.placed).toBe(10);
    expect(FakeWorker.jobs).toHaveLength(1);
  });

  it("a worker started ahead (the book panel opened) is the one the first fill uses", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    prewarmAutofill();
    prewarmAutofill();
    expect(FakeWorker.made).toBe(1);
    expect(FakeWorker.jobs).toEqual([]);
    const answer = await autofillOffThread(book(), tray(20), 1);
    expect(answer.placed).toBe(20);
    expect(FakeWorker.made).toBe(1);
    expect(FakeWorker.jobs).toHaveLength(1);
  });

  it("without workers (an old browser) the job runs in the page", async () => {
    vi.stubGlobal("Worker", undefined);
    const answer = await autofillOffThread(book(), tray(200), 1);
    expect(answer.placed).toBe(200);
  });
});

/**
 * Where the studio keeps its files (photos' originals and screen copies): one interface,
 * two places. By default a folder on disk (STUDIO_DIR); with STUDIO_STORAGE=s3 a bucket of
 * any S3-compatible object store. The same contract test (storage.test.ts) runs against
 * both. Names are the caller's (e.g. "photos/{id}/original"); only letters, digits, "/",
 * ".", "_" and "-" are allowed, never "..", so a name can never leave the folder or prefix.
 */
import { createReadStream, createWriteStream } from "node:fs";
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Env } from "../env";

export interface StudioStorage {
  /** "disk" or "s3", for logs and health pages. */
  readonly kind: "disk" | "s3";
  /** Writes a file whole (replacing one of the same name). */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Writes the file at `source` (a local path) under `name`, streamed: a print file of
   * hundreds of megabytes is never in memory whole. The source is left where it is.
   */
  putFile(name: string, source: string, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none of that name. */
  get(name: string): Promise<Buffer | null>;
  /**
   * The file as a stream read while it is consumed (a print file of hundreds of megabytes
   * is never in memory whole), with its size; null when there is none of that name.
   */
  open(name: string): Promise<StoredStream | null>;
  /** Removes a file; a missing one is no error. */
  delete(name: string): Promise<void>;
  /** Every file whose name starts with `prefix` (a folder, ending in "/"), with when it was written. */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredStream {
  stream: Readable;
  size: number;
}

export interface StoredFile {
  name: string;
  modifiedAt: Date;
}

const NAME = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9._/-]{0,200}$/;

function checkName(name: string): string {
  if (!NAME.test(name) || name.endsWith("/")) throw new Error(`Bad storage name: ${name}`);
  return name;
}

/**
 * A folder on disk. A file is written beside its place under a temporary name and renamed
 * into it, so a reader (another process) never sees half a file.
 */
export function createDiskStorage(dir: string): StudioStorage {
  const root = path.resolve(dir);
  const where = (name: string) => path.join(root, ...checkName(name).split("/"));
  return {
    kind: "disk",
    async put(name, data) {
      const file = where(name);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.part`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async putFile(name, source) {
      const file = where(name);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.part`;
      try {
        await pipeline(createReadStream(source), createWriteStream(temporary));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(name) {
      try {
        return await readFile(where(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async open(name) {
      let handle;
      try {
        handle = await open(where(name), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      // Size and bytes of the same file, even if it is replaced meanwhile (a rename).
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(name) {
      const file = where(name);
      await rm(file, { force: true });
      // The photo's own folder goes when its last file did (a folder still in use stays).
      await rmdir(path.dirname(file)).catch(() => {});
    },
    async *list(prefix) {
      const start = where(`${prefix}x`);
      const top = path.dirname(start);
      let entries;
      try {
        entries = await readdir(top, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw error;
      }
      for (const entry of entries) {
        // Files being written (".part") are not files yet.
        if (!entry.isFile() || entry.name.endsWith(".part")) continue;
        const file = path.join(entry.parentPath, entry.name);
        const name = path.relative(root, file).split(path.sep).join("/");
        const info = await stat(file).catch(() => null);
        if (info) yield { name, modifiedAt: info.mtime };
      }
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; absent: AWS. */
  endpoint?: string;
  /** bucket in the path (local servers, MinIO) instead of in the host name. */
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every name ("" or folder names ending in "/"). */
  prefix?: string;
}

/** Whether S3 answered that there is no such object. */
const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** A bucket of an S3-compatible object store. */
export function createS3Storage(options: S3StorageOptions): StudioStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // A streamed body is sent as it is, not in the chunked form with a trailing checksum
    // that only AWS itself reads (S3-compatible servers store the chunk headers as data).
    requestChecksumCalculation: "WHEN_REQUIRED",
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;
  const key = (name: string) => `${options.prefix ?? ""}${checkName(name)}`;
  /** The object's answer (its body not read yet), or null when there is none. */
  async function object(name: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }
  return {
    kind: "s3",
    async put(name, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key(name), Body: data, ContentType: contentType }),
      );
    },
    async putFile(name, source, contentType) {
      // One request with the length known up front, the body read from disk as it is sent.
      const { size } = await stat(source);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key(name),
          Body: createReadStream(source),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(name) {
      const body = (await object(name))?.Body;
      return body ? Buffer.from(await body.transformToByteArray()) : null;
    },
    async open(name) {
      const answer = await object(name);
      if (!answer?.Body) return null;
      // The SDK's body in Node is the HTTP answer itself: read from the socket as consumed.
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    },
    async delete(name) {
      // S3 answers a delete of a missing object with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
    },
    async *list(prefix) {
      const own = options.prefix ?? "";
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: key(`${prefix}x`).slice(0, -1),
            ContinuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key?.startsWith(own)) continue;
          yield {
            name: object.Key.slice(own.length),
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The storage the environment names. */
export function createStudioStorage(env: Env): StudioStorage {
  if (env.STUDIO_STORAGE === "s3") {
    return createS3Storage({
      bucket: env.STUDIO_S3_BUCKET!,
      region: env.STUDIO_S3_REGION,
      endpoint: env.STUDIO_S3_ENDPOINT,
      forcePathStyle: env.STUDIO_S3_PATH_STYLE,
      prefix: env.STUDIO_S3_PREFIX,
      ...(env.STUDIO_S3_ACCESS_KEY_ID && env.STUDIO_S3_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: env.STUDIO_S3_ACCESS_KEY_ID,
              secretAccessKey: env.STUDIO_S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    });
  }
  return createDiskStorage(env.STUDIO_DIR);
}

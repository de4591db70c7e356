/**
 * The multipart form of an upload request, read from the body's one buffer: each file is a
 * view into that buffer, never a copy. The platform's form reader copies a body four or
 * five times on its way to a file's bytes (the body, a response made of it, the parsed
 * stream, the file, its array buffer); during a burst of uploads those copies are
 * hundreds of megabytes of memory outside the JavaScript heap, which make the runtime
 * collect its whole heap again and again while the event loop waits.
 *
 * The form is read as RFC 7578 describes it (what browsers and fetch send): parts between
 * `--boundary` lines, each with its headers; a part whose Content-Disposition names a
 * filename is a file, any other a text field (UTF-8).
 */

/** A file of the form: its name and type as the sender gave them, its bytes (a view). */
export interface FormFile {
  name: string;
  type: string;
  data: Buffer;
}

export interface UploadForm {
  /** Text fields by name (the last one of a name). */
  fields: Record<string, string>;
  /** Files by field name, in the order sent; a file field left empty is no file. */
  files: Record<string, FormFile[]>;
}

/** More parts than any of the shop's forms has (twenty files and a few fields). */
const MAX_PARTS = 64;
/** A part's headers are a few lines. */
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary a multipart Content-Type names, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** A parameter of a Content-Disposition header (`name="file"`), unquoted, or undefined. */
function parameter(disposition: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition);
  return match ? match[1]!.replace(/\\(.)/g, "$1") : undefined;
}

/**
 * Reads a multipart body; null when it is no well-formed multipart form of that boundary
 * (the caller answers 400).
 */
export function parseUploadForm(body: Buffer, boundary: string): UploadForm | null {
  const form: UploadForm = { fields: Object.create(null), files: Object.create(null) };
  const opening = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary starts the body, or follows a preamble and its line break.
  let at = body.subarray(0, opening.length).equals(opening) ? 0 : body.indexOf(delimiter);
  if (at < 0) return null;
  at += at === 0 ? opening.length : delimiter.length;
  for (let parts = 0; ; parts++) {
    // After a boundary: "--" ends the form, a line break starts a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return form;
    if (!body.subarray(at, at + 2).equals(CRLF) || parts >= MAX_PARTS) return null;
    const headersStart = at + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > MAX_HEADER_BYTES) return null;
    const headers = body.toString("utf8", headersStart, headersEnd).split("\r\n");
    const header = (name: string) =>
      headers
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const disposition = header("content-disposition");
    const name = disposition && parameter(disposition, "name");
    if (!disposition || !/^form-data\s*(;|$)/i.test(disposition) || name === undefined) {
      return null;
    }
    const dataStart = headersEnd + HEADER_END.length;
    const dataEnd = body.indexOf(delimiter, dataStart);
    if (dataEnd < 0) return null;
    const data = body.subarray(dataStart, dataEnd);
    const filename = parameter(disposition, "filename");
    if (filename === undefined) {
      form.fields[name] = data.toString("utf8");
    } else if (data.length > 0 || filename !== "") {
      (form.files[name] ??= []).push({
        name: filename,
        type: header("content-type") ?? "application/octet-stream",
        data,
      });
    }
    at = dataEnd + delimiter.length;
  }
}

/**
 * The upload form of a request (its body read once, as the upload budget already did), or
 * null when the request carries no well-formed multipart form.
 */
export async function readUploadForm(request: {
  header(name: string): string | undefined;
  arrayBuffer(): Promise<ArrayBuffer>;
}): Promise<UploadForm | null> {
  const boundary = boundaryOf(request.header("content-type"));
  if (!boundary) return null;
  const body = await request.arrayBuffer().catch(() => null);
  return body ? parseUploadForm(Buffer.from(body), boundary) : null;
}

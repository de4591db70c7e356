import { describe, expect, it } from "vitest";
import { boundaryOf, parseUploadForm } from "./uploadForm";

/** A form as fetch sends it: its body and its Content-Type. */
async function encoded(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get("content-type")!,
  };
}

describe("an upload form read from its one buffer", () => {
  it("reads fields and files as fetch sends them, each file a view into the body", async () => {
    const form = new FormData();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 13, 10]);
    form.append("file", new File([png], "Straße 1.png", { type: "image/png" }));
    form.append("caption", "Sommer am Meer – 🌊\r\nzweite Zeile");
    form.append("files", new File([Buffer.from("a\r\n--x")], "a.jpg", { type: "image/jpeg" }));
    form.append("files", new File([Buffer.alloc(0)], "empty.jpg"));
    form.append("files", new File([Buffer.from("b")], "b.jpg"));
    form.append("consent", "on");
    const { body, type } = await encoded(form);
    const parsed = parseUploadForm(body, boundaryOf(type)!)!;
    expect(parsed.fields).toEqual({
      caption: "Sommer am Meer – 🌊\r\nzweite Zeile",
      consent: "on",
    });
    expect(parsed.files.file!.map((f) => [f.name, f.type, [...f.data]])).toEqual([
      ["Straße 1.png", "image/png", [...png]],
    ]);
    expect(parsed.files.files!.map((f) => [f.name, f.data.toString()])).toEqual([
      ["a.jpg", "a\r\n--x"],
      ["empty.jpg", ""],
      ["b.jpg", "b"],
    ]);
    // A view: the same memory as the body, no copy.
    expect(parsed.files.file![0]!.data.buffer).toBe(body.buffer);
  });

  it("takes a quoted boundary and a preamble", () => {
    const body = Buffer.from(
      'preamble\r\n--b1\r\nContent-Disposition: form-data; name="to"\r\n\r\nwebp\r\n--b1--\r\n',
    );
    const boundary = boundaryOf('multipart/form-data; boundary="b1"')!;
    expect(parseUploadForm(body, boundary)).toEqual({ fields: { to: "webp" }, files: {} });
  });

  it("refuses what is no multipart form of that boundary", () => {
    expect(boundaryOf("application/json")).toBeNull();
    expect(boundaryOf("multipart/form-data")).toBeNull();
    const part = 'Content-Disposition: form-data; name="a"\r\n\r\nx';
    for (const body of [
      "",
      "--other\r\n" + part + "\r\n--other--",
      // Never closed.
      "--b\r\n" + part,
      // No name.
      '--b\r\nContent-Disposition: form-data; filename="x"\r\n\r\nx\r\n--b--',
      // Not form-data.
      '--b\r\nContent-Disposition: attachment; name="a"\r\n\r\nx\r\n--b--',
      // Headers never end.
      '--b\r\nContent-Disposition: form-data; name="a"\r\n' + "x".repeat(9000),
    ]) {
      expect(parseUploadForm(Buffer.from(body), "b"), JSON.stringify(body.slice(0, 40))).toBeNull();
    }
    const many = "--b\r\n" + `${part}\r\n--b\r\n`.repeat(70) + part + "\r\n--b--";
    expect(parseUploadForm(Buffer.from(many), "b")).toBeNull();
  });
});

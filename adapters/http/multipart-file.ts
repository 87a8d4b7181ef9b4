// The file of a multipart/form-data body (RFC 7578), as a browser's <form> or `curl -F` sends it:
// the part named `file`, else the first part with a file name. The body is already read whole
// (within its route's limit), so this only finds the part's bytes; what they are is decided by
// decoding them, never by the part's declared type or name.
import { ParameterInvalid, ParameterMissing } from "../../application/errors/request-errors.js";

export interface MultipartFile {
  readonly bytes: Buffer;
  readonly fileName: string | undefined;
}

const boundaryOf = (contentType: string): string | undefined => {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
};

const dispositionParam = (headers: string, name: string): string | undefined => {
  const line = headers.split("\r\n").find((h) => /^content-disposition\s*:/i.test(h));
  if (line === undefined) return undefined;
  const match = new RegExp(`;\\s*${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, "i").exec(line);
  const value = match?.[1]?.replace(/\\(.)/g, "$1") ?? match?.[2];
  if (value === undefined) return undefined;
  // filename*=UTF-8''name%20x.png (RFC 5987)
  const extended = /^UTF-8''(.*)$/i.exec(value);
  if (extended !== null) {
    try {
      return decodeURIComponent(extended[1]!);
    } catch {
      return extended[1];
    }
  }
  return value;
};

export const multipartFile = (body: Buffer, contentType: string): MultipartFile => {
  const malformed = (why: string) => new ParameterInvalid({ param: "file", message: `The multipart/form-data body cannot be read: ${why}.` });
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) throw malformed("its Content-Type names no boundary");
  const delimiter = Buffer.from(`--${boundary}`, "latin1");
  const next = Buffer.from(`\r\n--${boundary}`, "latin1");
  let at = body.indexOf(delimiter);
  if (at < 0) throw malformed("the boundary does not occur in it");
  let chosen: MultipartFile | undefined;
  let firstWithName: MultipartFile | undefined;
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break; // `--`: the closing delimiter
    const headersStart = body.indexOf("\r\n", at);
    if (headersStart < 0) throw malformed("a part has no headers");
    const headersEnd = body.indexOf("\r\n\r\n", headersStart);
    if (headersEnd < 0) throw malformed("a part's headers do not end");
    const headers = body.subarray(headersStart + 2, headersEnd).toString("utf8");
    const contentStart = headersEnd + 4;
    const contentEnd = body.indexOf(next, contentStart);
    if (contentEnd < 0) throw malformed("it ends before its closing boundary (cut short?)");
    const part: MultipartFile = { bytes: body.subarray(contentStart, contentEnd), fileName: dispositionParam(headers, "filename") };
    if (dispositionParam(headers, "name") === "file") chosen ??= part;
    else if (part.fileName !== undefined) firstWithName ??= part;
    at = contentEnd + 2;
  }
  const file = chosen ?? firstWithName;
  if (file === undefined) throw new ParameterMissing({ param: "file", message: "The multipart/form-data body has no file: send it as the part named `file`." });
  return file;
};

// Requests too big to read get the JSON error body like every other error: a request line over
// MAX_URL_BYTES is a 414 from Koa, and what node's parser refuses before Koa sees it (headers over
// node's 16 KiB limit: 431; an unreadable request: 400) is answered by `answerClientError`, which
// the server registers for node's `clientError` event.
import type { Duplex } from "node:stream";
import type { Middleware } from "koa";
import { toErrorResponse } from "./error-response.js";
import { HeadersTooLarge, MalformedRequest, UriTooLong } from "./http-errors.js";
import { newRequestId } from "./middleware/request-id.js";
import type { StorefrontState } from "./state.js";

/** The longest request target (path and query) the app reads; node's own limit on all headers is 16 KiB. */
export const MAX_URL_BYTES = 8 * 1024;

export const urlLimit = (): Middleware<StorefrontState> => async (ctx, next) => {
  if (ctx.originalUrl.length > MAX_URL_BYTES) {
    throw new UriTooLong({ message: `The request URL is longer than ${MAX_URL_BYTES} bytes; send fewer or shorter query parameters.` });
  }
  await next();
};

const STATUS_TEXT: Readonly<Record<number, string>> = { 400: "Bad Request", 408: "Request Timeout", 413: "Payload Too Large", 431: "Request Header Fields Too Large" };

/** node's `clientError` listener: the answer node would send, with the API's JSON error body. */
export const answerClientError = (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex): void => {
  // As node's own handler: an answer already under way on this connection cannot be followed by another.
  const underWay = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
  if (error.code === "ECONNRESET" || !socket.writable || underWay) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    // node's time limits (slow clients) keep their bare 408.
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    return;
  }
  const thrown =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new HeadersTooLarge({ message: "The request's headers (with its URL) are larger than 16 KiB; send fewer or shorter headers or query parameters." })
      : new MalformedRequest({ message: "The request could not be read as HTTP/1.1." });
  const requestId = newRequestId();
  const answer = toErrorResponse(thrown, requestId);
  const body = JSON.stringify(answer.body);
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_TEXT[answer.status] ?? "Bad Request"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Request-Id: ${requestId}`,
    "X-Content-Type-Options: nosniff",
    "Cache-Control: no-store",
    "Connection: close",
  ].join("\r\n");
  socket.end(`${head}\r\n\r\n${body}`);
};

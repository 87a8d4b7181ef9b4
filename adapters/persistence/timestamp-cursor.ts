// The message list's cursor (docs/api/conventions.md, "Lists and paging"): the base64 of a
// created_at. Either base64 alphabet decodes (they coincide for these strings); anything that is
// not the base64 of an ISO 8601 UTC instant with milliseconds is a 400 invalid_cursor.
import { InvalidCursor } from "../../application/errors/request-errors.js";

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const encodeTimestampCursor = (createdAt: string): string => Buffer.from(createdAt, "utf8").toString("base64");

export const decodeTimestampCursor = (cursor: string): string => {
  const invalid = new InvalidCursor({ param: "cursor", message: "cursor is not a cursor this list handed out" });
  // A '+' sent unescaped in a query string arrives as a space.
  const text = cursor.replace(/ /g, "+");
  if (!/^[A-Za-z0-9+/_-]{1,64}={0,2}$/.test(text)) throw invalid;
  const decoded = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8");
  if (!INSTANT.test(decoded)) throw invalid;
  const time = Date.parse(decoded);
  if (Number.isNaN(time) || new Date(time).toISOString() !== decoded) throw invalid;
  return decoded;
};

// The cursor of the admin lists ordered by (time, id), newest first: opaque to the client.
import { InvalidCursor } from "../../../application/errors/request-errors.js";

export const timeCursor = (at: string, id: string): string => Buffer.from(JSON.stringify([at, id]), "utf8").toString("base64url");

export const fromTimeCursor = (cursor: string | undefined): { readonly at: string; readonly id: string } | undefined => {
  if (cursor === undefined) return undefined;
  const invalid = new InvalidCursor({ param: "cursor", message: "cursor is not a cursor this list handed out" });
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== "string" || typeof value[1] !== "string") throw invalid;
  return { at: value[0], id: value[1] };
};

/** One more than the page is read: whether it exists says `has_more`. */
export const pageOf = <T>(rows: readonly T[], limit: number, key: (row: T) => readonly [string, string]) => {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return { data, pagination: { limit, next_cursor: hasMore ? timeCursor(...key(last)) : null, has_more: hasMore } };
};

// Keyset pagination on knex: order by one column with the id as tie-break, fetch one row more
// than asked to know whether more follow, and hand out the last row's position as an opaque
// base64url cursor. A cursor that does not decode is a 400 invalid_cursor.
import type { Knex } from "knex";
import { InvalidCursor } from "../../application/errors/request-errors.js";
import type { Page, PageRequest } from "../../application/pagination/page.js";

export interface KeysetOrder {
  /** The sort column, qualified if the query joins (e.g. "p.created_at"). */
  readonly column: string;
  /** The unique tie-break column (e.g. "p.id"). */
  readonly idColumn: string;
  readonly direction: "asc" | "desc";
}

type Position = readonly [string | number, string];

export const encodeCursor = (position: Position): string =>
  Buffer.from(JSON.stringify(position), "utf8").toString("base64url");

export const decodeCursor = (cursor: string): Position => {
  const invalid = new InvalidCursor({ param: "cursor", message: "cursor is not a cursor this list handed out" });
  if (!/^[A-Za-z0-9_-]{1,1024}$/.test(cursor)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !(typeof value[0] === "string" || (typeof value[0] === "number" && Number.isFinite(value[0]))) ||
    typeof value[1] !== "string"
  ) {
    throw invalid;
  }
  return [value[0], value[1]];
};

/** Adds the keyset condition, the order and the limit (+1) to `query`. */
export const applyKeyset = <Q extends Knex.QueryBuilder>(query: Q, order: KeysetOrder, page: PageRequest): Q => {
  if (page.cursor !== undefined) {
    const [key, id] = decodeCursor(page.cursor);
    const op = order.direction === "asc" ? ">" : "<";
    // The bound alone first: SQLite makes an index range of it (of the OR alone it makes none,
    // and walks the list from its start), MariaDB either way.
    void query.where(order.column, `${op}=`, key).where((w) => {
      void w.where(order.column, op, key).orWhere((tie) => {
        void tie.where(order.column, "=", key).andWhere(order.idColumn, op, id);
      });
    });
  }
  void query
    .orderBy(order.column, order.direction)
    .orderBy(order.idColumn, order.direction)
    .limit(page.limit + 1);
  return query;
};

/** Cuts the extra row off and makes the next cursor from the last row kept. */
export const toPage = <Row, T>(
  rows: readonly Row[],
  page: PageRequest,
  positionOf: (row: Row) => Position,
  map: (row: Row) => T,
): Page<T> => {
  const hasMore = rows.length > page.limit;
  const kept = hasMore ? rows.slice(0, page.limit) : rows;
  const last = kept[kept.length - 1];
  return {
    items: kept.map(map),
    hasMore,
    nextCursor: hasMore && last !== undefined ? encodeCursor(positionOf(last)) : null,
  };
};

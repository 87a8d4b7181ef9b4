// Column conventions shared by every migration and repository, so both dialects store the
// same bytes: timestamps as ISO 8601 UTC strings with milliseconds (they sort as text and need
// no time-zone conversion), JSON as text, booleans as 0/1.
import type { Knex } from "knex";

export const timestamp = (t: Knex.CreateTableBuilder, column: string): Knex.ColumnBuilder => t.string(column, 24);

export const date = (t: Knex.CreateTableBuilder, column: string): Knex.ColumnBuilder => t.string(column, 10);

export const writeJson = (value: unknown): string => JSON.stringify(value);

export const readJson = <T>(text: string | null | undefined, fallback: T): T =>
  text === null || text === undefined || text === "" ? fallback : (JSON.parse(text) as T);

export const readBoolean = (value: unknown): boolean => value === true || value === 1 || value === "1";

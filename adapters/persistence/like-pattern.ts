// A case-insensitive substring match that means the same on SQLite and MySQL: the term is
// lower-cased, its LIKE wildcards escaped with `!`, and compared with LOWER(column).
export const LIKE_ESCAPE = "!";

export const containsPattern = (term: string): string =>
  `%${term.toLowerCase().replace(/[!%_]/g, (c) => LIKE_ESCAPE + c)}%`;

export const likeSql = (column: string): string => `lower(${column}) like ? escape '${LIKE_ESCAPE}'`;

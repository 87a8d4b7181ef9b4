// Test support: the tables of a MySQL/MariaDB schema that have no primary key (Galera needs one on
// every table), read from information_schema.
import type { Knex } from "knex";

export const tablesWithoutPrimaryKey = async (knex: Knex, database: string): Promise<string[]> => {
  const [rows] = (await knex.raw(
    `SELECT t.table_name AS name FROM information_schema.tables t
       LEFT JOIN information_schema.table_constraints c
         ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY'
      WHERE t.table_schema = ? AND t.table_type = 'BASE TABLE' AND c.constraint_name IS NULL
      ORDER BY t.table_name`,
    [database],
  )) as [{ name: string }[]];
  return rows.map((row) => row.name);
};

/**
 * The unique keys of a MySQL/MariaDB schema with a nullable column, as "table.index(columns)".
 * Galera certifies a write by the values of every unique key of the rows it writes, and a NULL
 * part still makes a key value: (store_id, NULL) of such a key is shared by every row with the
 * NULL, so two nodes writing different rows conflict (migration 0023). A generated column counts
 * as not nullable (MariaDB reports every one nullable): those in unique keys end in a coalesce
 * whose last choice is the row's id.
 */
export const uniqueKeysWithNullableColumns = async (knex: Knex, database: string): Promise<string[]> => {
  const [rows] = (await knex.raw(
    `SELECT s.table_name AS t, s.index_name AS i, group_concat(s.column_name ORDER BY s.seq_in_index) AS cols
       FROM information_schema.statistics s
       JOIN information_schema.columns c
         ON c.table_schema = s.table_schema AND c.table_name = s.table_name AND c.column_name = s.column_name
      WHERE s.table_schema = ? AND s.non_unique = 0
      GROUP BY s.table_name, s.index_name
     HAVING sum(c.is_nullable = 'YES' AND c.extra NOT LIKE '%GENERATED%') > 0
      ORDER BY s.table_name, s.index_name`,
    [database],
  )) as [{ t: string; i: string; cols: string }[]];
  return rows.map((row) => `${row.t}.${row.i}(${row.cols})`);
};

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

// Whether a MySQL/MariaDB server may take statements: always, unless it is a Galera node
// (wsrep_on), which must be Synced, ready, and in the primary component.
import type { MysqlHost } from "./mysql-url.js";

/** The callback API of a mysql2 connection, as knex hands it to the pool hooks. */
export interface MysqlCallbackConnection {
  query(sql: string, callback: (error: Error | null, rows?: unknown) => void): void;
}

const rows = (conn: MysqlCallbackConnection, sql: string): Promise<{ Variable_name: string; Value: string }[]> =>
  new Promise((resolve, reject) =>
    conn.query(sql, (error, result) => (error === null ? resolve((result ?? []) as { Variable_name: string; Value: string }[]) : reject(error))),
  );

/**
 * Undefined when the server can be used, else why not. A plain MariaDB or MySQL has wsrep off (or
 * no such variable) and is accepted; a Galera node that is joining, donating, or cut off from the
 * primary component refuses statements (ER_UNKNOWN_COM_ERROR), so it is passed over.
 */
export const unusableNodeReason = async (conn: MysqlCallbackConnection): Promise<string | undefined> => {
  const [wsrepOn] = await rows(conn, "SHOW GLOBAL VARIABLES LIKE 'wsrep\\_on'");
  if ((wsrepOn?.Value ?? "OFF").toUpperCase() !== "ON") return undefined;
  const status = Object.fromEntries(
    (await rows(conn, "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_local_state_comment', 'wsrep_cluster_status')")).map(
      (row) => [row.Variable_name, row.Value],
    ),
  );
  if (status.wsrep_cluster_status !== "Primary") return `Galera node not in the primary component (${status.wsrep_cluster_status ?? "unknown"})`;
  if (status.wsrep_local_state_comment !== "Synced") return `Galera node not Synced (${status.wsrep_local_state_comment ?? "unknown"})`;
  if (status.wsrep_ready !== "ON") return "Galera node not ready";
  return undefined;
};

/** A host refused for a reason found after connecting; an "unavailable" error (503). */
export class HostNotUsable extends Error {
  readonly code = "STOREFRONT_HOST_NOT_USABLE";
  constructor(
    readonly host: MysqlHost,
    readonly reason: string,
  ) {
    super(`${host.host}:${host.port}: ${reason}`);
    this.name = "HostNotUsable";
  }
}

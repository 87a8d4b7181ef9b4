// How to reach the database: the embedded SQLite file or a MySQL/MariaDB server.
export type DatabaseSettings =
  | {
      readonly dialect: "sqlite";
      /** A file path, or ":memory:" for tests. */
      readonly filename: string;
    }
  | {
      readonly dialect: "mysql";
      readonly url: string;
      readonly poolMin: number;
      readonly poolMax: number;
      /** How long a request may wait for a free connection before it is answered 503. */
      readonly acquireTimeoutMs: number;
    };

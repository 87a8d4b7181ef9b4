// Serves a Koa app on an ephemeral loopback port (or connects to a server of another process) and
// sends real HTTP requests to it, so tests go through node:http, the middleware chain and the
// router exactly as clients do.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Koa from "koa";

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  readonly body: any;
}

export interface RequestOptions {
  readonly key?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** An object is sent as JSON; a string or Buffer is sent as is. */
  readonly body?: unknown;
}

export interface TestClient {
  readonly url: string;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  get(path: string, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, body: unknown, options?: RequestOptions): Promise<TestResponse>;
  patch(path: string, body: unknown, options?: RequestOptions): Promise<TestResponse>;
  delete(path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export const serve = async (app: Koa<any>): Promise<TestClient> => {
  const server: Server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return connect(url, () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  );
};

/** A client of a server already listening at `url` (another process, say); `close` is what closing it does. */
export const connect = (url: string, close: () => Promise<void> = async () => undefined): TestClient => {
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let payload: string | Buffer | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === "string" || Buffer.isBuffer(options.body)) {
        payload = options.body;
      } else {
        payload = JSON.stringify(options.body);
      }
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(url + path, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, text, body };
  };

  return {
    url,
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    patch: (path, body, options) => request("PATCH", path, { ...options, body }),
    delete: (path, options) => request("DELETE", path, options),
    close,
  };
};

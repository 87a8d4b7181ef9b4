// Runs a README's shell blocks as a reader would paste them: the blocks of a section, a shell to run
// them in (bash, zsh), and an HTTP proxy that records every exchange for the test to check.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { childEnv } from "./server-process.js";

/** The fenced `sh` blocks of a piece of markdown, in order. */
export const shellBlocks = (markdown: string): string[] => [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);

/** A section of the README: from its heading to the next `## ` heading. */
export const sectionOf = (readme: string, heading: string): string | undefined => {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
};

export interface Exchange {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly status: number;
  readonly body: any;
}

/** An HTTP proxy in front of the server that keeps every request and answer, in order. */
export class RecordingProxy {
  readonly exchanges: Exchange[] = [];
  private constructor(private readonly server: Server, readonly url: string) {}

  static async start(target: string): Promise<RecordingProxy> {
    let proxy: RecordingProxy | undefined;
    const server = createServer((incoming, outgoing) => {
      const parts: Buffer[] = [];
      incoming.on("data", (part: Buffer) => parts.push(part));
      incoming.on("end", () => {
        const forwarded = request(new URL(incoming.url ?? "/", target), { method: incoming.method, headers: incoming.headers }, (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("end", () => {
            const raw = Buffer.concat(chunks);
            let body: unknown = raw.toString("utf8");
            try {
              body = JSON.parse(raw.toString("utf8"));
            } catch {
              // not JSON: kept as text
            }
            proxy!.exchanges.push({ method: incoming.method ?? "", path: incoming.url ?? "", headers: incoming.headers, status: answer.statusCode ?? 0, body });
            const headers = { ...answer.headers, "content-length": String(raw.length) };
            delete headers["transfer-encoding"];
            outgoing.writeHead(answer.statusCode ?? 502, headers);
            outgoing.end(raw);
          });
        });
        forwarded.on("error", (error) => {
          outgoing.writeHead(502, { "content-type": "text/plain" });
          outgoing.end(`proxy: ${error.message}`);
        });
        forwarded.end(Buffer.concat(parts));
      });
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const address = server.address();
    assert.ok(address !== null && typeof address === "object");
    proxy = new RecordingProxy(server, `http://127.0.0.1:${address.port}`);
    return proxy;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}

/** Runs a script file with a shell; resolves with its output, or fails with what it printed. */
export const runShell = (shell: readonly string[], file: string, cwd: string): Promise<string> =>
  new Promise((resolvePromise, reject) => {
    const env = childEnv({});
    delete env.BASH_ENV;
    delete env.ENV;
    execFile(shell[0]!, [...shell.slice(1), file], { cwd, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error !== null) return reject(new Error(`${shell.join(" ")} stopped (${error.message.split("\n")[0]}):\n${stderr}\n--- stdout ---\n${stdout}`));
      resolvePromise(stdout);
    });
  });

export const commandExists = (name: string): Promise<boolean> =>
  new Promise((done) => execFile("sh", ["-c", `command -v ${name}`], (error) => done(error === null)));

// Test support: a small SMTP server on a loopback port that keeps every message it receives,
// so tests can read the emails the application sends (one-time codes, docs/emails.md). It can
// refuse recipients for good (550) or everyone for now (421), and start again on a port it had.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  readonly from: string;
  readonly to: readonly string[];
  /** The whole message as sent: headers and MIME body. */
  readonly raw: string;
}

export interface SmtpSinkOptions {
  /** Listen on this port (to come back where a closed sink was); any free port when absent. */
  readonly port?: number;
}

export interface SmtpSink {
  readonly url: string;
  readonly port: number;
  /** These recipients are refused for good: 550 to RCPT TO. */
  readonly rejected: Set<string>;
  /** While true every recipient is refused for now: 421 to RCPT TO. */
  unavailable: boolean;
  readonly received: readonly ReceivedMail[];
  /** Resolves with the first message (received or to come) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export const startSmtpSink = async (options: SmtpSinkOptions = {}): Promise<SmtpSink> => {
  const received: ReceivedMail[] = [];
  const rejected = new Set<string>();
  const state = { unavailable: false };
  const waiters = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refuse = (code: number, text: string): void => callback(Object.assign(new Error(text), { responseCode: code }));
      if (state.unavailable) return refuse(421, "Service not available, try again later");
      if (rejected.has(address.address.toLowerCase())) return refuse(550, "No such user here");
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address;
        const mail: ReceivedMail = { from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") };
        received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    rejected,
    get unavailable() {
      return state.unavailable;
    },
    set unavailable(value: boolean) {
      state.unavailable = value;
    },
    received,
    waitFor: (match, timeoutMs = 5_000) => {
      const already = received.find(match);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve: (mail: ReceivedMail) => (clearTimeout(timer), resolve(mail)) };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching email within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The six-digit code of a one-time code email. */
export const codeIn = (mail: ReceivedMail): string => {
  // A quoted-printable body breaks long lines with a trailing "="; the code may sit after one.
  const match = /sign-in code for .*? is (\d{6})\./.exec(mail.raw.replace(/=\r?\n/g, ""));
  if (match === null) throw new Error(`no code in the email:\n${mail.raw}`);
  return match[1]!;
};

// Tests for the one-time code notifiers: the SMTP adapter against a local SMTP server started
// here, and the log adapter, which shows codes in development and never in production.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import pino from "pino";
import { LogNotifier, maskEmail } from "../../../adapters/notifications/log-notifier.js";
import { SmtpNotifier } from "../../../adapters/notifications/smtp-notifier.js";
import { codeIn, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const message = { to: "amina@example.com", customerName: "Amina <Wanjiru>", storeName: "Savanna Home", code: "042917", expiresInMinutes: 10 };

const capturingLogger = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { logger: pino({ level: "trace" }, stream), lines };
};

describe("SmtpNotifier", function () {
  this.timeout(20_000);
  let smtp: SmtpSink;

  before(async () => {
    smtp = await startSmtpSink();
  });

  after(async () => {
    await smtp?.close();
  });

  it("emails the code to the customer from the configured sender", async () => {
    const { logger } = capturingLogger();
    const notifier = new SmtpNotifier(smtp.url, "Savanna Home <shop@savanna.example>", logger);
    await notifier.sendOneTimeCode(message);
    const mail = await smtp.waitFor((m) => m.to.includes("amina@example.com"));
    await notifier.close();
    assert.equal(mail.from, "shop@savanna.example");
    assert.equal(codeIn(mail), "042917");
    assert.match(mail.raw, /Subject: Your sign-in code for Savanna Home/);
    assert.match(mail.raw, /10 minutes/);
    assert.match(mail.raw, /Amina &lt;Wanjiru&gt;/, "the HTML part escapes the name");
  });

  it("answers at once and logs (never throws) when the mail server cannot be reached", async () => {
    const { logger, lines } = capturingLogger();
    const notifier = new SmtpNotifier("smtp://127.0.0.1:1", "shop@example.com", logger);
    await notifier.sendOneTimeCode(message);
    await notifier.flush();
    assert.ok(lines.some((line) => /could not send a one-time code email/.test(line)), lines.join(""));
    assert.ok(!lines.join("").includes("042917"), "the code is not in the failure log");
    await notifier.close();
  });
});

describe("LogNotifier", () => {
  it("in development, logs the code so a developer can sign in", async () => {
    const { logger, lines } = capturingLogger();
    await new LogNotifier(logger, false).sendOneTimeCode(message);
    assert.equal(lines.length, 1);
    const entry = JSON.parse(lines[0]!);
    assert.equal(entry.code, "042917");
    assert.equal(entry.to, "amina@example.com");
  });

  it("in production, never prints the code, and masks the address", async () => {
    const { logger, lines } = capturingLogger();
    await new LogNotifier(logger, true).sendOneTimeCode(message);
    const all = lines.join("");
    assert.equal(lines.length, 1);
    assert.ok(!all.includes("042917"), all);
    assert.ok(!all.includes("amina@example.com"), all);
    assert.equal(JSON.parse(lines[0]!).to, "a***@example.com");
  });

  it("masks addresses", () => {
    assert.equal(maskEmail("brian.otieno@example.com"), "b***@example.com");
    assert.equal(maskEmail("nonsense"), "***");
  });
});

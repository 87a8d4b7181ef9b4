// OWASP API7 (Server Side Request Forgery): webhook endpoint URLs that reach loopback, private,
// link-local (cloud metadata), unique-local or translated addresses are refused on create and on
// edit, in every spelling (decimal, octal, hex, short, IPv6, IPv4-mapped, names resolving there);
// at send time the address is checked again, and redirects are never followed.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "mocha";
import { NodeWebhookTransport } from "../../adapters/webhooks/node-webhook-transport.js";
import type { TestApplication } from "../support/test-application.js";
import { startSecurityApplication } from "./security-world.js";

const HOSTILE_URLS = [
  "https://127.0.0.1/hook",
  "https://127.1/hook",
  "https://2130706433/hook",
  "https://0x7f000001/hook",
  "https://0177.0.0.1/hook",
  "https://0x7f.0.0.1/hook",
  "https://0/hook",
  "https://0.0.0.0/hook",
  "https://localhost/hook",
  "https://10.0.0.5/hook",
  "https://172.16.3.4/hook",
  "https://192.168.1.1/hook",
  "https://100.64.0.1/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://[::1]/hook",
  "https://[::]/hook",
  "https://[::ffff:127.0.0.1]/hook",
  "https://[::ffff:7f00:1]/hook",
  "https://[::ffff:169.254.169.254]/hook",
  "https://[fe80::1]/hook",
  "https://[fd00::1]/hook",
  "https://[64:ff9b::a9fe:a9fe]/hook",
  "https://[2002:7f00:1::]/hook",
  "https://224.0.0.1/hook",
  "https://255.255.255.255/hook",
  "http://hooks.example.com/hook",
  "ftp://hooks.example.com/hook",
  "file:///etc/passwd",
  "gopher://127.0.0.1:25/",
  "https://user:pass@127.0.0.1/hook",
  "javascript:alert(1)",
];

describe("API7 server side request forgery", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let t: TestApplication;
  before(async function () {
    t = await startSecurityApplication();
  });
  after(() => t?.close());

  it("every hostile webhook URL is refused on create with 400 naming url, and nothing is stored", async function () {
    const wrong: string[] = [];
    for (const url of HOSTILE_URLS) {
      const response = await t.client.post("/v1/webhook_endpoints", { url, events: ["order.created"] }, { key: t.store.keys.secretTest });
      if (response.status !== 400 || response.body?.error?.param !== "url") wrong.push(`${url}: ${response.status} ${response.text.slice(0, 120)}`);
    }
    assert.deepEqual(wrong, []);
    const count = await t.application.database.knex("webhook_endpoints").where({ store_id: t.store.store.id }).count({ n: "*" });
    assert.equal(Number(count[0]!.n), 0);
  });

  it("every hostile webhook URL is refused on edit, and the endpoint keeps its URL", async function () {
    const made = await t.client.post("/v1/webhook_endpoints", { url: "https://hooks.example.com/ok", events: ["order.created"] }, { key: t.store.keys.secretTest });
    assert.equal(made.status, 201, made.text);
    const id = made.body.webhook_endpoint.id;
    for (const url of HOSTILE_URLS) {
      const response = await t.client.patch(`/v1/webhook_endpoints/${id}`, { url }, { key: t.store.keys.secretTest });
      assert.equal(response.status, 400, `${url}: ${response.text}`);
    }
    const read = await t.client.get(`/v1/webhook_endpoints/${id}`, { key: t.store.keys.secretTest });
    assert.equal(read.body.webhook_endpoint.url, "https://hooks.example.com/ok");
  });

  describe("at send time", function () {
    let server: Server;
    let port: number;
    let hits: string[];
    before(async function () {
      hits = [];
      server = createServer((request, response) => {
        hits.push(request.url ?? "");
        if (request.url === "/redirect") {
          response.writeHead(302, { location: `http://127.0.0.1:${port}/internal-secret` });
          response.end();
          return;
        }
        response.writeHead(200);
        response.end("ok");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const send = (url: string, allowPrivate: boolean) =>
      new NodeWebhookTransport().send({ url, headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 2_000, allowPrivate });

    it("a loopback target is refused when private targets are not allowed, and never contacted", async function () {
      const before = hits.length;
      const sent = await send(`https://127.0.0.1:${port}/x`, false);
      assert.notEqual(sent.kind, "answered");
      assert.equal(hits.length, before);
    });

    it("a redirect is recorded as the answer and never followed", async function () {
      const sent = await send(`http://127.0.0.1:${port}/redirect`, true);
      assert.equal(sent.kind, "answered");
      assert.equal((sent as { statusCode: number }).statusCode, 302);
      assert.ok(!hits.includes("/internal-secret"), "the redirect target was not requested");
    });
  });
});

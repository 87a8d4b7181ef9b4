// Over-long requests answer with the JSON error body like every other error: a URL over 8 KiB is a
// 414 and headers over node's 16 KiB limit a 431, both `request_too_large`; an unreadable request
// is a 400. Served through composition's `listen`, as `storefront serve` does.
import assert from "node:assert/strict";
import { connect as tcpConnect } from "node:net";
import { after, before, describe, it } from "mocha";
import { MAX_URL_BYTES } from "../../../adapters/http/request-size.js";
import { listen, type RunningServer } from "../../../composition/server.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

describe("requests too large to read", function () {
  let t: TestApplication;
  let server: RunningServer;
  let base: string;
  before(async () => {
    t = await startTestApplication();
    server = await listen(t.application.httpApp(), 0, "127.0.0.1");
    base = `http://127.0.0.1:${server.port}`;
  });
  after(async () => {
    await server?.close();
    await t?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { authorization: `Bearer ${t.store.keys.publishableTest}`, ...headers } });

  const assertTooLarge = async (response: Response, status: number): Promise<void> => {
    assert.equal(response.status, status);
    assert.match(response.headers.get("content-type") ?? "", /application\/json/);
    const body = (await response.json()) as { error: Record<string, string> };
    assert.equal(body.error.type, "invalid_request_error");
    assert.equal(body.error.code, "request_too_large");
    assert.match(body.error.message!, /larger than|longer than/);
    assert.equal(body.error.request_id, response.headers.get("request-id"));
  };

  it("a `fields` list of thousands of names (a URL over 16 KiB) is a 431 with a JSON body", async () => {
    const fields = Array.from({ length: 3_000 }, (_, i) => `name${i}`).join(",");
    await assertTooLarge(await get(`/v1/products?fields=${fields}`), 431);
  });

  it(`a URL over ${MAX_URL_BYTES} bytes is a 414 with a JSON body; one just under it is read`, async () => {
    await assertTooLarge(await get(`/v1/products?fields=${"n".repeat(MAX_URL_BYTES)}`), 414);
    const under = await get(`/v1/products?limit=1&fields=name${"&fields=name".repeat(Math.floor((MAX_URL_BYTES - 200) / 12))}`);
    assert.notEqual(under.status, 414);
    assert.ok(under.status < 500);
  });

  it("one header over node's limit is a 431 with a JSON body", async () => {
    await assertTooLarge(await get("/v1/products?limit=1", { "x-padding": "p".repeat(20_000) }), 431);
  });

  it("an unreadable request is a 400 with a JSON body, and the server keeps serving", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(server.port, "127.0.0.1", () => socket.write("GET /v1/products HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as { error: Record<string, string> };
    assert.equal(body.error.code, "malformed_request");
    assert.equal((await get("/v1/products?limit=1")).status, 200);
  });
});

// The sending adapter on its own: address ranges, the check at send time, DNS rebinding (an
// injected resolver that answers differently the second time), the pinned connection, and a
// signature the standardwebhooks package verifies.
import assert from "node:assert/strict";
import { after, before, describe, it } from "mocha";
import { Webhook } from "standardwebhooks";
import { addressRefusal } from "../../../adapters/webhooks/address-policy.js";
import { NodeWebhookTransport } from "../../../adapters/webhooks/node-webhook-transport.js";
import { StandardWebhookSigner } from "../../../adapters/webhooks/standard-webhook-signer.js";
import { DnsWebhookTargetGuard, type HostResolver } from "../../../adapters/webhooks/target-resolution.js";
import { signatureHeader, signedContent } from "../../../domain/webhooks/webhook-message.js";
import { WebhookReceiver } from "../../support/webhook-receiver.js";

describe("webhook address policy", () => {
  it("allows public unicast only", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:93.184.216.34"]) assert.equal(addressRefusal(address), undefined, address);
    const refused = ["127.0.0.1", "10.0.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255",
      "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "not-an-ip"];
    for (const address of refused) assert.notEqual(addressRefusal(address), undefined, address);
  });
});

describe("NodeWebhookTransport", () => {
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await WebhookReceiver.start(() => ({ status: 202, body: "accepted", headers: { "retry-after": "7" } }));
  });
  after(() => receiver.close());

  const request = (url: string, allowPrivate: boolean) => ({ url, headers: { "content-type": "application/json" }, body: "{}", timeoutMs: 2_000, allowPrivate });

  it("refuses at send time what the rules forbid, without connecting", async () => {
    const transport = new NodeWebhookTransport();
    const before = receiver.receipts.length;
    const plain = await transport.send(request(receiver.url("/x"), false));
    assert.match(plain.kind === "no-answer" ? plain.error : "", /^url must use https \(STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 allows http/);
    const loopback = await transport.send(request(`https://127.0.0.1:${receiver.port}/x`, false));
    assert.ok(loopback.kind === "no-answer" && /private, loopback or link-local/.test(loopback.error));
    assert.equal(receiver.receipts.length, before);
  });

  it("judges the address at send time, so a name that rebinds to a private address after creation is refused", async () => {
    let calls = 0;
    const rebinding: HostResolver = async () => (++calls === 1 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    const url = new URL(`https://rebind.example.com:${receiver.port}/x`);
    assert.equal(await new DnsWebhookTargetGuard(rebinding).refusal(url), undefined, "public at creation");
    const sent = await new NodeWebhookTransport(rebinding).send(request(url.toString(), false));
    assert.ok(sent.kind === "no-answer" && /127\.0\.0\.1/.test(sent.error), JSON.stringify(sent));
  });

  it("refuses a name with any private address among its answers", async () => {
    const mixed: HostResolver = async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.5", family: 4 }];
    assert.match((await new DnsWebhookTargetGuard(mixed).refusal(new URL("https://mixed.example.com/"))) ?? "", /10\.0\.0\.5/);
  });

  it("connects to the address it resolved and judged, resolving once (no second lookup to rebind)", async () => {
    let calls = 0;
    const pinned: HostResolver = async () => {
      calls++;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const sent = await new NodeWebhookTransport(pinned).send(request(`http://pinned.invalid:${receiver.port}/pinned`, true));
    assert.equal(calls, 1);
    assert.ok(sent.kind === "answered", JSON.stringify(sent));
    assert.equal(sent.statusCode, 202);
    assert.equal(sent.bodyExcerpt, "accepted");
    assert.equal(sent.retryAfter, "7");
    assert.equal(receiver.of("/pinned")[0]?.headers.host, `pinned.invalid:${receiver.port}`);
  });

  it("signs so that standardwebhooks verifies", () => {
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: "evt_1", type: "order.created" });
    const signature = signatureHeader([new StandardWebhookSigner().sign(secret, signedContent("evt_1", timestamp, body))]);
    const verified = new Webhook(secret).verify(body, { "webhook-id": "evt_1", "webhook-timestamp": String(timestamp), "webhook-signature": signature });
    assert.deepEqual(verified, JSON.parse(body));
  });
});

// The sandbox simulator answers in each provider kind's flow, decides outcomes from its documented
// magic values, keeps no state, and refuses live mode; the registry never hands it to a live key.
import assert from "node:assert/strict";
import { CallbackRejected, ProviderRejected, ProviderUnavailable, type PaymentGateway, type PaymentInitiation } from "../../../application/ports/payment-gateway.js";
import { PaymentGatewayRegistry } from "../../../adapters/payments/payment-gateway-registry.js";
import { SimulatorGateway, simulatedOutcome } from "../../../adapters/payments/simulator-gateway.js";
import { PAYMENT_PROVIDERS } from "../../../domain/payments/payment-provider.js";

const initiation = (overrides: Partial<PaymentInitiation> = {}): PaymentInitiation => ({
  reference: "PAY-1767225600000-ABCDEFGH",
  mode: "test",
  amountMinor: 150_000,
  amount: "1500.00",
  currency: "KES",
  email: "amina@example.com",
  phone: "254712345678",
  description: "Test Store payment",
  successUrl: "https://shop.example/paid?cart=1",
  cancelUrl: "https://shop.example/cancelled",
  callbackUrl: "https://shop.example/cb",
  metadata: {},
  ...overrides,
});

const lookup = (sessionId: string, mode: "test" | "live" = "test") => ({
  reference: "PAY-1767225600000-ABCDEFGH",
  providerSessionId: sessionId,
  mode,
  amountMinor: 150_000,
  currency: "KES",
});

describe("sandbox simulator", () => {
  it("chooses outcomes from the documented magic values, paid otherwise", () => {
    assert.equal(simulatedOutcome({ email: "amina@example.com" }), "paid");
    assert.equal(simulatedOutcome({ email: "Amina+FAIL@example.com" }), "failed");
    assert.equal(simulatedOutcome({ email: "a+pending@example.com" }), "pending");
    assert.equal(simulatedOutcome({ email: "a+rejected@example.com" }), "rejected");
    assert.equal(simulatedOutcome({ email: "a+unavailable@example.com" }), "unavailable");
    assert.equal(simulatedOutcome({ phone: "254712340000" }), "failed");
    assert.equal(simulatedOutcome({ phone: "254712349999" }), "pending");
    assert.equal(simulatedOutcome({ phone: "254712340400" }), "rejected");
    assert.equal(simulatedOutcome({ phone: "254712340503" }), "unavailable");
    assert.equal(simulatedOutcome({ phone: "254712345678" }), "paid");
  });

  it("answers in each kind's flow: a checkout URL back to the shop, a test public key, or a prompt", async () => {
    const redirect = await new SimulatorGateway("card_redirect").initiate(initiation());
    const url = new URL(redirect.checkoutUrl!);
    assert.equal(url.pathname, "/paid");
    assert.equal(url.searchParams.get("cart"), "1");
    assert.equal(url.searchParams.get("session_id"), redirect.providerSessionId);
    const declined = await new SimulatorGateway("card_redirect").initiate(initiation({ email: "a+fail@example.com" }));
    assert.equal(new URL(declined.checkoutUrl!).pathname, "/cancelled");
    const popup = await new SimulatorGateway("card_popup").initiate(initiation());
    assert.equal(popup.publicKey, "pk_test_simulator_card_popup");
    assert.equal(popup.checkoutUrl, undefined);
    for (const provider of ["mobile_stk", "mobile_collect"] as const) {
      const push = await new SimulatorGateway(provider).initiate(initiation());
      assert.equal(push.checkoutUrl, undefined);
      assert.equal(push.publicKey, undefined);
    }
  });

  it("checkStatus reads the outcome back from the session id alone, with the amount asked", async () => {
    for (const [phone, status] of [["254712345678", "paid"], ["254712340000", "failed"], ["254712349999", "pending"]] as const) {
      const gateway = new SimulatorGateway("mobile_stk");
      const started = await gateway.initiate(initiation({ phone }));
      const answer = await new SimulatorGateway("mobile_stk").checkStatus(lookup(started.providerSessionId));
      assert.equal(answer.status, status);
      assert.equal(answer.amountMinor, 150_000);
      if (status === "failed") assert.ok(answer.failureReason);
    }
    await assert.rejects(new SimulatorGateway("mobile_stk").checkStatus(lookup("ws_CO_123")), ProviderRejected);
    const popup = await new SimulatorGateway("card_popup").initiate(initiation());
    await assert.rejects(new SimulatorGateway("mobile_stk").checkStatus(lookup(popup.providerSessionId)), ProviderRejected, "another kind's session");
  });

  it("magic values make it refuse or fail to answer, as a real provider might", async () => {
    await assert.rejects(new SimulatorGateway("card_popup").initiate(initiation({ email: "a+rejected@example.com" })), ProviderRejected);
    await assert.rejects(new SimulatorGateway("mobile_collect").initiate(initiation({ email: undefined, phone: "256772340503" })), ProviderUnavailable);
  });

  it("never serves live mode", async () => {
    for (const provider of PAYMENT_PROVIDERS) {
      const gateway = new SimulatorGateway(provider);
      await assert.rejects(gateway.initiate(initiation({ mode: "live" })), ProviderRejected);
      const started = await gateway.initiate(initiation());
      await assert.rejects(gateway.checkStatus(lookup(started.providerSessionId, "live")), ProviderRejected);
    }
  });

  it("reads its own unsigned notifications (to be confirmed) and rejects anything else", async () => {
    const gateway = new SimulatorGateway("mobile_stk");
    const read = await gateway.readCallback({
      headers: {},
      rawBody: Buffer.from(JSON.stringify({ simulator: true, event_id: "e1", reference: "PAY-1-ABCDEFGH", status: "paid" })),
    });
    assert.equal(read.authenticated, false);
    assert.equal(read.mode, "test");
    assert.equal(read.reference, "PAY-1-ABCDEFGH");
    for (const body of ["not json", JSON.stringify({ Body: { stkCallback: {} } }), JSON.stringify({ simulator: true, event_id: "e", status: "paid" })]) {
      await assert.rejects(gateway.readCallback({ headers: {}, rawBody: Buffer.from(body) }), CallbackRejected);
    }
  });
});

describe("payment gateway registry", () => {
  const real = (name: string): PaymentGateway => ({ ...new SimulatorGateway("card_redirect"), provider: "card_redirect", flow: "redirect", name } as never);

  it("prefers the configured adapter, falls back to the simulator in test mode only", () => {
    const liveStripe = real("live");
    const registry = new PaymentGatewayRegistry({ live: { card_redirect: liveStripe }, test: {} });
    assert.equal(registry.forProvider("card_redirect", "live"), liveStripe);
    assert.ok(registry.forProvider("card_redirect", "test") instanceof SimulatorGateway);
    for (const provider of ["card_popup", "mobile_stk", "mobile_collect"] as const) {
      assert.equal(registry.forProvider(provider, "live"), undefined, `${provider}: no live gateway, never the simulator`);
      assert.ok(registry.forProvider(provider, "test") instanceof SimulatorGateway);
    }
  });

  it("lists the configured adapters as callback readers, and the simulator only where it serves test mode", () => {
    const liveStripe = real("live");
    const testStripe = real("test");
    const registry = new PaymentGatewayRegistry({ live: { card_redirect: liveStripe }, test: { card_redirect: testStripe } });
    assert.deepEqual(registry.callbackReaders("card_redirect"), [liveStripe, testStripe]);
    assert.equal(registry.forProvider("card_redirect", "test"), testStripe);
    const readers = registry.callbackReaders("mobile_stk");
    assert.equal(readers.length, 1);
    assert.ok(readers[0] instanceof SimulatorGateway);
  });
});

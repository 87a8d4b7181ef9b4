// Which gateway serves a provider kind in a mode: the real adapter when its credentials are
// configured; in test mode only, the built-in simulator otherwise. Live mode never reaches the
// simulator: a live key asking for an unconfigured provider gets no gateway at all.
import type { PaymentGateway, PaymentGateways } from "../../application/ports/payment-gateway.js";
import type { PaymentMode, PaymentProvider } from "../../domain/payments/payment-provider.js";
import { SimulatorGateway } from "./simulator-gateway.js";

export type GatewaysByMode = Readonly<Record<PaymentMode, Partial<Record<PaymentProvider, PaymentGateway>>>>;

export class PaymentGatewayRegistry implements PaymentGateways {
  private readonly simulators: Readonly<Record<PaymentProvider, PaymentGateway>>;

  constructor(private readonly configured: GatewaysByMode) {
    this.simulators = {
      card_redirect: new SimulatorGateway("card_redirect"),
      card_popup: new SimulatorGateway("card_popup"),
      mobile_stk: new SimulatorGateway("mobile_stk"),
      mobile_collect: new SimulatorGateway("mobile_collect"),
    };
  }

  forProvider(provider: PaymentProvider, mode: PaymentMode): PaymentGateway | undefined {
    const real = this.configured[mode][provider];
    if (real !== undefined) return real;
    return mode === "test" ? this.simulators[provider] : undefined;
  }

  /** The real adapters first (a signature that verifies wins); the simulator only where it serves test mode. */
  callbackReaders(provider: PaymentProvider): readonly PaymentGateway[] {
    const live = this.configured.live[provider];
    const test = this.configured.test[provider];
    return [live, test ?? this.simulators[provider]].filter((g): g is PaymentGateway => g !== undefined);
  }
}

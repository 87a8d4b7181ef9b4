// Every call to a payment provider leaves an attempt row: written before the call, finished
// after it with the provider's answer or its error and the latency, so nothing a provider said
// (or failed to say) is lost. Also picks the gateway of a provider kind in a mode.
import { inject, injectable } from "inversify";
import type { PaymentMode, PaymentProvider } from "../../domain/payments/payment-provider.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PaymentGateways, type PaymentGateway } from "../ports/payment-gateway.js";
import { PaymentRepository, type PaymentAttempt, type PaymentAttemptKind } from "../ports/payment-repository.js";

const MAXIMUM_ERROR_MESSAGE = 1000;

/** The stable code an attempt's error is recorded with. */
export const attemptErrorCode = (error: unknown): string => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "";
  if (tag === "ProviderRejected") return "provider_rejected";
  if (tag === "ProviderUnavailable") return "provider_unavailable";
  if (tag === "CallbackRejected") return "callback_rejected";
  return "internal_error";
};

const errorMessage = (error: unknown): string =>
  (error instanceof Error || (typeof error === "object" && error !== null && "message" in error) ? String((error as { message: unknown }).message) : String(error)).slice(
    0,
    MAXIMUM_ERROR_MESSAGE,
  );

@injectable()
export class ProviderCalls {
  constructor(
    @inject(PaymentGateways) private readonly gateways: PaymentGateways,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The gateway serving a provider kind in a mode; a 422 `provider_not_configured` when there is none (never the simulator for live). */
  gatewayFor(provider: PaymentProvider, mode: PaymentMode): PaymentGateway {
    const gateway = this.gateways.forProvider(provider, mode);
    if (gateway === undefined) {
      throw new BusinessRuleViolation({
        code: "provider_not_configured",
        param: "provider",
        message: `${provider} has no ${mode} credentials configured on this server${mode === "live" ? "; the sandbox simulator never serves live keys" : ""}.`,
      });
    }
    return gateway;
  }

  /** Writes an attempt that is starting (inside the caller's unit of work, if any). */
  async start(storeId: string, paymentId: string, kind: PaymentAttemptKind, request: Readonly<Record<string, unknown>>): Promise<PaymentAttempt> {
    const attempt: PaymentAttempt = {
      id: this.ids.newId(),
      paymentId,
      kind,
      request,
      response: null,
      errorCode: null,
      errorMessage: null,
      latencyMs: null,
      startedAt: this.clock.now().toISOString(),
      finishedAt: null,
    };
    await this.payments.insertAttempt(storeId, attempt);
    return attempt;
  }

  succeeded(attempt: PaymentAttempt, response: Readonly<Record<string, unknown>>): PaymentAttempt {
    return this.finished(attempt, { response });
  }

  failed(attempt: PaymentAttempt, error: unknown): PaymentAttempt {
    return this.finished(attempt, { errorCode: attemptErrorCode(error), errorMessage: errorMessage(error) });
  }

  private finished(attempt: PaymentAttempt, outcome: Partial<PaymentAttempt>): PaymentAttempt {
    const now = this.clock.now();
    return { ...attempt, ...outcome, latencyMs: Math.max(0, now.getTime() - Date.parse(attempt.startedAt)), finishedAt: now.toISOString() };
  }

  /** Starts an attempt, makes the call, and finishes the attempt with its answer or error (which is rethrown). */
  async call<T extends { readonly providerResponse: Readonly<Record<string, unknown>> }>(
    storeId: string,
    paymentId: string,
    kind: PaymentAttemptKind,
    request: Readonly<Record<string, unknown>>,
    send: () => Promise<T>,
  ): Promise<T> {
    const attempt = await this.start(storeId, paymentId, kind, request);
    let answer: T;
    try {
      answer = await send();
    } catch (error) {
      await this.payments.finishAttempt(storeId, this.failed(attempt, error));
      throw error;
    }
    await this.payments.finishAttempt(storeId, this.succeeded(attempt, answer.providerResponse));
    return answer;
  }
}

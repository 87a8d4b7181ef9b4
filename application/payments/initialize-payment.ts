// Payment initialisation (docs/api/payments.md, "Initialising a payment"): the store's hourly
// budget, the rules of the provider kind, the order it pays, then the payment and its first attempt
// written BEFORE the provider is called and the provider's answer (or error) written after it, each
// in its own short unit of work: no transaction is held open across a network call, and no payment
// is lost when a provider fails. One payment per Idempotency-Key: a retry after a crash or a
// provider failure finds it again.
import { Either } from "effect";
import { inject, injectable } from "inversify";
import { minorDigits, type CurrencyCode } from "../../domain/money/currency.js";
import type { Order } from "../../domain/orders/order.js";
import { canRestartInitiation, failInitiation, restartInitiation, type Payment } from "../../domain/payments/payment.js";
import { formatPaymentReference, referenceSuffix } from "../../domain/payments/payment-reference.js";
import { amountForDue, validatePaymentRequest, type PaymentRequest } from "../../domain/payments/payment-request.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid, ParameterMissing } from "../errors/request-errors.js";
import { IdempotencyKeyReused, ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import type { InitiatedPayment, PaymentInitiation } from "../ports/payment-gateway.js";
import { PaymentRepository } from "../ports/payment-repository.js";
import { PhoneNumbers } from "../ports/phone-numbers.js";
import { RateLimiter, type RateLimitRule } from "../ports/rate-limiter.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { majorUnitsOf } from "../orders/order-record.js";
import type { PaymentInitialisationInput } from "./payment-inputs.js";
import { toInitialisationRecord, type InitialisationRecord } from "./payment-records.js";
import { PaymentSettings } from "./payment-settings.js";
import { ProviderCalls } from "./provider-calls.js";

const HOUR_SECONDS = 3600;
const MAXIMUM_DESCRIPTION = 100;

@injectable()
export class InitializePayment {
  private readonly budget: RateLimitRule;

  constructor(
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ProviderCalls) private readonly calls: ProviderCalls,
    @inject(PhoneNumbers) private readonly phones: PhoneNumbers,
    @inject(RateLimiter) private readonly limiter: RateLimiter,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(PaymentSettings) private readonly settings: PaymentSettings,
  ) {
    this.budget = { name: "payment-init", points: settings.initialisationsPerHour, windowSeconds: HOUR_SECONDS };
  }

  /** Call outside any unit of work: it commits its own around the provider call. */
  async execute(principal: Principal, input: PaymentInitialisationInput, idempotencyKey: string): Promise<InitialisationRecord> {
    if (input.idempotency_key !== undefined && input.idempotency_key !== idempotencyKey) {
      throw new ParameterInvalid({ param: "idempotency_key", message: "idempotency_key must equal the Idempotency-Key header (or be left out)" });
    }
    await this.limiter.consume(this.budget, principal.storeId);

    const store = await loadStore(this.stores, principal.storeId);
    const rules = validatePaymentRequest(
      {
        provider: input.provider,
        amount: input.amount,
        currency: input.currency,
        email: input.email,
        phone: input.phone,
        country: input.country,
        successUrl: input.success_url,
        cancelUrl: input.cancel_url,
        callbackUrl: input.callback_url,
      },
      { storeCurrency: store.baseCurrency as CurrencyCode, parsePhone: (text, country) => this.phones.parse(text, country) },
    );
    if (Either.isLeft(rules)) {
      const { param, missing, message } = rules.left;
      throw missing ? new ParameterMissing({ param, message }) : new ParameterInvalid({ param, message });
    }
    const { order, request } =
      input.order_id === undefined ? { order: undefined, request: rules.right } : await this.payableOrder(principal, input.order_id, rules.right);
    const gateway = this.calls.gatewayFor(request.provider, principal.mode);

    const existing = await this.payments.findByIdempotencyKey(principal.storeId, idempotencyKey);
    if (existing !== undefined && !sameRequest(existing, request, principal, input.order_id)) {
      throw new IdempotencyKeyReused({ message: "This Idempotency-Key started another payment; use a new key." });
    }
    if (existing !== undefined && !canRestartInitiation(existing)) return toInitialisationRecord(existing);

    const now = this.clock.now();
    const payment: Payment =
      existing !== undefined
        ? restartInitiation(existing, now.toISOString())
        : this.newPayment(principal, request, input, idempotencyKey, now);
    const initiation = this.initiation(payment, store.name, order);
    const attempt = await this.uow.run(async () => {
      if (existing === undefined) await this.payments.insert(principal.storeId, payment);
      else await this.payments.update(principal.storeId, payment);
      return this.calls.start(principal.storeId, payment.id, "initiate", {
        reference: payment.reference,
        provider: payment.provider,
        mode: payment.mode,
        amount: initiation.amount,
        charged_amount: majorUnitsOf(payment.currency)(payment.chargedMinor),
        currency: payment.currency,
        order_id: payment.orderId,
      });
    });

    let initiated: InitiatedPayment;
    try {
      initiated = await gateway.initiate(initiation);
    } catch (error) {
      await this.uow.run(async () => {
        const failed = this.calls.failed(attempt, error);
        await this.payments.finishAttempt(principal.storeId, failed);
        await this.payments.update(
          principal.storeId,
          failInitiation(payment, `${failed.errorCode}: ${failed.errorMessage}`, this.clock.now().toISOString()),
        );
      });
      throw error;
    }

    const started: Payment = {
      ...payment,
      providerSessionId: initiated.providerSessionId,
      checkoutUrl: initiated.checkoutUrl ?? null,
      publicKey: initiated.publicKey ?? null,
      accessCode: initiated.accessCode ?? null,
      updatedAt: this.clock.now().toISOString(),
    };
    await this.uow.run(async () => {
      await this.payments.finishAttempt(principal.storeId, this.calls.succeeded(attempt, initiated.providerResponse));
      await this.payments.update(principal.storeId, started);
    });
    return toInitialisationRecord(started);
  }

  /**
   * The order must be the store's, in the key's mode, open, unpaid, and the payment must be for its
   * amount due (or, with a provider that takes whole units, for the amount due rounded up).
   */
  private async payableOrder(principal: Principal, orderId: string, request: PaymentRequest): Promise<{ order: Order; request: PaymentRequest }> {
    const order = await this.orders.find(principal.storeId, orderId);
    if (order === undefined || order.livemode !== (principal.mode === "live")) {
      throw new ParameterInvalid({ param: "order_id", message: "order_id must name an order of this store made with a key of the same mode" });
    }
    if (order.paymentStatus === "paid" || order.paymentStatus === "refunded" || order.paymentStatus === "partially_refunded") {
      throw new ResourceConflict({ code: "order_already_paid", param: "order_id", message: `The order's payment_status is already ${order.paymentStatus}.` });
    }
    if (order.orderStatus === "cancelled") {
      throw new ResourceConflict({ code: "order_cancelled", param: "order_id", message: "The order is cancelled; it takes no payment." });
    }
    if (order.currency !== request.currency) {
      throw new ParameterInvalid({
        param: "currency",
        message: `The order is in ${order.currency} but ${request.provider} would charge ${request.currency}`,
      });
    }
    const forDue = amountForDue(request, order.totalAmount - order.giftCardAmount);
    if (Either.isLeft(forDue)) throw new ParameterInvalid({ param: forDue.left.param, message: forDue.left.message });
    return { order, request: forDue.right };
  }

  private newPayment(principal: Principal, request: PaymentRequest, input: PaymentInitialisationInput, idempotencyKey: string, now: Date): Payment {
    const at = now.toISOString();
    return {
      id: this.ids.newId(),
      reference: formatPaymentReference(now.getTime(), this.suffix()),
      mode: principal.mode,
      provider: request.provider,
      flow: request.flow,
      status: "pending",
      amountMinor: request.amountMinor,
      chargedMinor: request.chargedMinor,
      currency: request.currency,
      email: request.email ?? null,
      phone: request.phone ?? null,
      country: request.country ?? null,
      orderId: input.order_id ?? null,
      idempotencyKey,
      metadata: input.metadata ?? {},
      successUrl: request.successUrl ?? null,
      cancelUrl: request.cancelUrl ?? null,
      callbackUrl: request.callbackUrl ?? null,
      providerSessionId: null,
      checkoutUrl: null,
      publicKey: null,
      accessCode: null,
      failureReason: null,
      reviewReason: null,
      paidAt: null,
      createdAt: at,
      updatedAt: at,
    };
  }

  private suffix(): string {
    for (;;) {
      const suffix = referenceSuffix(this.secrets.randomBytes(32));
      if (suffix !== undefined) return suffix;
    }
  }

  private initiation(payment: Payment, storeName: string, order: Order | undefined): PaymentInitiation {
    const amount = majorUnitsOf(payment.currency)(payment.amountMinor);
    const description = `${storeName} ${order !== undefined ? `order ${order.orderNumber}` : `payment ${payment.reference}`}`.slice(0, MAXIMUM_DESCRIPTION);
    const publicUrl = this.settings.publicUrl;
    return {
      reference: payment.reference,
      mode: payment.mode,
      amountMinor: payment.amountMinor,
      amount: amount.toFixed(minorDigits(payment.currency as CurrencyCode)),
      currency: payment.currency,
      ...(payment.email !== null ? { email: payment.email } : {}),
      ...(payment.phone !== null ? { phone: payment.phone } : {}),
      ...(payment.country !== null ? { country: payment.country } : {}),
      ...(payment.orderId !== null ? { orderId: payment.orderId } : {}),
      description,
      ...(payment.successUrl !== null ? { successUrl: payment.successUrl } : {}),
      ...(payment.cancelUrl !== null ? { cancelUrl: payment.cancelUrl } : {}),
      ...(payment.callbackUrl !== null ? { callbackUrl: payment.callbackUrl } : {}),
      ...(publicUrl !== undefined ? { notificationUrl: `${publicUrl}/v1/payments/callbacks/${payment.provider}` } : {}),
      metadata: payment.metadata,
    };
  }
}

/** A retry with the same key must ask for the same payment. */
const sameRequest = (payment: Payment, request: PaymentRequest, principal: Principal, orderId: string | undefined): boolean =>
  payment.mode === principal.mode &&
  payment.provider === request.provider &&
  payment.amountMinor === request.amountMinor &&
  payment.chargedMinor === request.chargedMinor &&
  payment.currency === request.currency &&
  payment.orderId === (orderId ?? null);

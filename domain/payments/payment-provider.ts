// The four kinds of payment provider (docs/api/payments.md, "Providers and flows") and the words
// the API uses for them.
import { Schema } from "effect";

export const PAYMENT_PROVIDERS = ["card_redirect", "card_popup", "mobile_stk", "mobile_collect"] as const;
export const PaymentProvider = Schema.Literal(...PAYMENT_PROVIDERS);
export type PaymentProvider = typeof PaymentProvider.Type;

/** The flow each provider kind runs (docs/api/payments.md, "Providers and flows"). */
export const PAYMENT_FLOWS = {
  card_redirect: "redirect",
  card_popup: "popup",
  mobile_stk: "stk_push",
  mobile_collect: "collection",
} as const satisfies Record<PaymentProvider, string>;
export type PaymentFlow = (typeof PAYMENT_FLOWS)[PaymentProvider];

export const PaymentStatus = Schema.Literal("pending", "paid", "failed");
export type PaymentStatus = typeof PaymentStatus.Type;

/** `test` runs against a provider's sandbox (or the built-in simulator); `live` against production. */
export type PaymentMode = "test" | "live";

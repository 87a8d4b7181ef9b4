// The rules of a payment initialisation (docs/api/payments.md, "Initialising a payment"), per
// provider kind: the amount, the currency each kind charges in, who is charged (email or phone,
// normalised), the collection countries and the URLs each flow needs. Phone parsing is handed in as
// a function.
import { Data, Either } from "effect";
import { isCurrencyCode, minorDigits, type CurrencyCode } from "../money/currency.js";
import { fromMajor, toMajor } from "../money/money.js";
import { PAYMENT_FLOWS, type PaymentFlow, type PaymentProvider } from "./payment-provider.js";

/** The smallest amount, in major units (docs/api/limits.md, "Parameter bounds"). */
export const MINIMUM_PAYMENT_AMOUNT = 0.01;
/** The currencies the popup provider (Paystack) charges in. */
export const POPUP_CURRENCIES = ["NGN", "GHS", "ZAR", "KES", "USD"] as const;
/** The mobile push provider (M-Pesa) charges Kenyan shillings, whatever currency is asked. */
export const PUSH_CURRENCY = "KES";
export const PUSH_COUNTRY = "KE";
/** The mobile collection countries and the currency each charges in. */
export const COLLECTION_CURRENCIES = { KE: "KES", UG: "UGX", TZ: "TZS", RW: "RWF" } as const;
export type CollectionCountry = keyof typeof COLLECTION_CURRENCIES;
export const COLLECTION_COUNTRIES = Object.keys(COLLECTION_CURRENCIES) as readonly CollectionCountry[];
const MAXIMUM_URL_LENGTH = 2048;

/** A phone number as a numbering-plan library reads it. */
export interface ParsedPhone {
  /** ISO 3166-1 alpha-2 of the number, when the plan places it in one country. */
  readonly country: string | undefined;
  /** Digits only, e.g. "254". */
  readonly countryCallingCode: string;
  /** Digits only, without the trunk prefix, e.g. "712345678". */
  readonly nationalNumber: string;
  /** Valid in its country's plan and able to receive a mobile money prompt. */
  readonly mobile: boolean;
}
/** Reads `text` (international, or national in `defaultCountry`); undefined when it is no phone number at all. */
export type ParsePhone = (text: string, defaultCountry: string) => ParsedPhone | undefined;

/** An initialisation as decoded from the request, before the rules. */
export interface PaymentRequestDraft {
  readonly provider: PaymentProvider;
  /** Decimal major units. */
  readonly amount: number;
  readonly currency?: string | undefined;
  readonly email?: string | undefined;
  readonly phone?: string | undefined;
  readonly country?: string | undefined;
  readonly successUrl?: string | undefined;
  readonly cancelUrl?: string | undefined;
  readonly callbackUrl?: string | undefined;
}

/** An initialisation the rules accept, normalised: the currency chosen, the phone in the provider's digits. */
export interface PaymentRequest {
  readonly provider: PaymentProvider;
  readonly flow: PaymentFlow;
  /** The amount paid for, in minor units. */
  readonly amountMinor: number;
  /** What the provider is asked to take (`chargedAmountMinor`). */
  readonly chargedMinor: number;
  readonly currency: CurrencyCode;
  readonly email: string | undefined;
  /** Digits only: `254XXXXXXXXX` (push) or the collection country's calling code and number. */
  readonly phone: string | undefined;
  readonly country: string | undefined;
  readonly successUrl: string | undefined;
  readonly cancelUrl: string | undefined;
  readonly callbackUrl: string | undefined;
}

export interface PaymentRuleContext {
  /** The redirect provider's currency when none is given. */
  readonly storeCurrency: CurrencyCode;
  readonly parsePhone: ParsePhone;
}

/** A broken rule, naming the request parameter; `missing` when the parameter was required and absent. */
export class PaymentRuleViolation extends Data.TaggedError("PaymentRuleViolation")<{
  readonly param: string;
  readonly missing: boolean;
  readonly message: string;
}> {}

const invalid = (param: string, message: string) => Either.left(new PaymentRuleViolation({ param, missing: false, message }));
const missing = (param: string, message: string) => Either.left(new PaymentRuleViolation({ param, missing: true, message }));

const isCard = (provider: PaymentProvider): boolean => provider === "card_redirect" || provider === "card_popup";

const blankToUndefined = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
};

const chooseCountry = (provider: PaymentProvider, given: string | undefined): Either.Either<string | undefined, PaymentRuleViolation> => {
  const country = given?.toUpperCase();
  if (provider === "mobile_collect") {
    if (country === undefined) return missing("country", `country is required for mobile_collect: one of ${COLLECTION_COUNTRIES.join(", ")}`);
    if (!Object.hasOwn(COLLECTION_CURRENCIES, country)) {
      return invalid("country", `country must be one of ${COLLECTION_COUNTRIES.join(", ")} for mobile_collect`);
    }
    return Either.right(country);
  }
  if (country === undefined) return Either.right(undefined);
  if (!/^[A-Z]{2}$/.test(country)) return invalid("country", "country must be an ISO 3166-1 alpha-2 code such as KE");
  if (provider === "mobile_stk" && country !== PUSH_COUNTRY) return invalid("country", "country must be KE for mobile_stk (M-Pesa Kenya), or left out");
  return Either.right(country);
};

const chooseCurrency = (
  provider: PaymentProvider,
  given: string | undefined,
  country: string | undefined,
  storeCurrency: CurrencyCode,
): Either.Either<CurrencyCode, PaymentRuleViolation> => {
  const asked = given?.toUpperCase();
  switch (provider) {
    case "card_redirect":
      if (asked === undefined) return Either.right(storeCurrency);
      return isCurrencyCode(asked) ? Either.right(asked) : invalid("currency", "currency must be an ISO 4217 currency code such as KES");
    case "card_popup":
      if (asked === undefined) return missing("currency", `currency is required for card_popup: one of ${POPUP_CURRENCIES.join(", ")}`);
      return (POPUP_CURRENCIES as readonly string[]).includes(asked) && isCurrencyCode(asked)
        ? Either.right(asked)
        : invalid("currency", `currency must be one of ${POPUP_CURRENCIES.join(", ")} for card_popup`);
    case "mobile_stk":
      // The push provider always uses KES and ignores any value given.
      return Either.right(PUSH_CURRENCY as CurrencyCode);
    case "mobile_collect": {
      const derived = COLLECTION_CURRENCIES[country as CollectionCountry] as CurrencyCode;
      if (asked !== undefined && asked !== derived) {
        return invalid("currency", `currency must be ${derived} for country ${country} (or left out: it follows the country)`);
      }
      return Either.right(derived);
    }
  }
};

/** The amount in minor units: at least 0.01, with no more decimals than the currency has. */
export const paymentAmountMinor = (
  provider: PaymentProvider,
  amount: number,
  currency: CurrencyCode,
): Either.Either<number, PaymentRuleViolation> => {
  if (!Number.isFinite(amount) || amount < MINIMUM_PAYMENT_AMOUNT) return invalid("amount", `amount must be at least ${MINIMUM_PAYMENT_AMOUNT}`);
  const digits = minorDigits(currency);
  if (amount * 10 ** digits > Number.MAX_SAFE_INTEGER) return invalid("amount", "amount is too large");
  const minor = fromMajor(amount, currency).amount;
  if (minor < 1 || toMajor({ amount: minor, currency }) !== amount) {
    return invalid("amount", `amount must be an amount of ${currency} with at most ${digits} decimal${digits === 1 ? "" : "s"}`);
  }
  return Either.right(minor);
};

/**
 * What the provider is asked to take for `amountMinor`: mobile money (M-Pesa, pawaPay) takes whole
 * units of the currency, so cents are rounded UP and the charge always covers the amount (an order
 * of KES 883.92 is charged KES 884). Cards take the amount as it is.
 */
export const chargedAmountMinor = (provider: PaymentProvider, amountMinor: number, currency: CurrencyCode): number => {
  if (isCard(provider)) return amountMinor;
  const unit = 10 ** minorDigits(currency);
  return Math.max(1, Math.ceil(amountMinor / unit)) * unit;
};

/** Whether the provider takes no minor units, so that an amount with them is charged rounded up. */
export const takesWholeUnits = (provider: PaymentProvider): boolean => !isCard(provider);

/**
 * A payment for an order must be for its amount due (`dueMinor`). A provider that takes whole
 * units may also be asked for the amount it will charge (KES 884 for an amount due of 883.92):
 * either way the payment is for the amount due and charges it rounded up. Anything else is refused.
 */
export const amountForDue = (request: PaymentRequest, dueMinor: number): Either.Either<PaymentRequest, PaymentRuleViolation> => {
  const chargedMinor = chargedAmountMinor(request.provider, dueMinor, request.currency);
  if (request.amountMinor === dueMinor || (takesWholeUnits(request.provider) && request.amountMinor === chargedMinor)) {
    return Either.right({ ...request, amountMinor: dueMinor, chargedMinor });
  }
  const major = (minor: number) => toMajor({ amount: minor, currency: request.currency });
  const alternative =
    takesWholeUnits(request.provider) && chargedMinor !== dueMinor
      ? ` (or ${major(chargedMinor)}, the whole ${request.currency} ${request.provider} charges for it)`
      : "";
  return invalid("amount", `amount must be the order's amount due, ${major(dueMinor)} ${request.currency}${alternative}`);
};

const normalisePhone = (
  provider: PaymentProvider,
  given: string | undefined,
  country: string | undefined,
  parsePhone: ParsePhone,
): Either.Either<string | undefined, PaymentRuleViolation> => {
  if (isCard(provider)) return Either.right(given);
  const plan = provider === "mobile_stk" ? PUSH_COUNTRY : (country as string);
  const example = provider === "mobile_stk" ? "254712345678" : `${plan} mobile number`;
  if (given === undefined) return missing("phone", `phone is required for ${provider}: a ${plan} mobile number such as ${example}`);
  const parsed = parsePhone(given, plan);
  if (parsed === undefined || !parsed.mobile || parsed.country !== plan) {
    return invalid("phone", `phone must be a valid ${plan} mobile number for ${provider}`);
  }
  return Either.right(`${parsed.countryCallingCode}${parsed.nationalNumber}`);
};

const isHttpUrl = (text: string): boolean => text.length <= MAXIMUM_URL_LENGTH && /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(text);

const checkUrls = (draft: PaymentRequestDraft): Either.Either<void, PaymentRuleViolation> => {
  const urls = [
    ["success_url", draft.successUrl, "card_redirect"],
    ["cancel_url", draft.cancelUrl, "card_redirect"],
    ["callback_url", draft.callbackUrl, "card_popup"],
  ] as const;
  for (const [param, value, owner] of urls) {
    if (draft.provider !== owner) {
      if (value !== undefined) return invalid(param, `${param} applies to ${owner} only`);
      continue;
    }
    if (value === undefined) return missing(param, `${param} is required for ${owner}`);
    if (!isHttpUrl(value)) return invalid(param, `${param} must be an absolute http(s) URL`);
  }
  return Either.right(undefined);
};

export const validatePaymentRequest = (
  draft: PaymentRequestDraft,
  context: PaymentRuleContext,
): Either.Either<PaymentRequest, PaymentRuleViolation> =>
  Either.gen(function* () {
    const country = yield* chooseCountry(draft.provider, blankToUndefined(draft.country));
    const currency = yield* chooseCurrency(draft.provider, blankToUndefined(draft.currency), country, context.storeCurrency);
    const amountMinor = yield* paymentAmountMinor(draft.provider, draft.amount, currency);
    const email = blankToUndefined(draft.email);
    if (isCard(draft.provider) && email === undefined) yield* missing("email", `email is required for ${draft.provider}`);
    const phone = yield* normalisePhone(draft.provider, blankToUndefined(draft.phone), country, context.parsePhone);
    yield* checkUrls(draft);
    return {
      provider: draft.provider,
      flow: PAYMENT_FLOWS[draft.provider],
      amountMinor,
      chargedMinor: chargedAmountMinor(draft.provider, amountMinor, currency),
      currency,
      email,
      phone,
      country,
      successUrl: draft.successUrl,
      cancelUrl: draft.cancelUrl,
      callbackUrl: draft.callbackUrl,
    };
  });

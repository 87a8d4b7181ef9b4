// Properties of the payment initialisation rules (docs/api/payments.md, "Initialising a payment"):
// the amount bound and digits, the currency each provider kind charges in, the collection
// countries, contacts and URLs, each violation naming its parameter.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { minorDigits, type CurrencyCode } from "../../../domain/money/currency.js";
import { ISO_4217_MINOR_DIGITS } from "../../../domain/money/iso-4217.js";
import {
  amountForDue,
  chargedAmountMinor,
  COLLECTION_COUNTRIES,
  COLLECTION_CURRENCIES,
  POPUP_CURRENCIES,
  validatePaymentRequest,
  type ParsePhone,
  type PaymentRequestDraft,
} from "../../../domain/payments/payment-request.js";
import { PAYMENT_PROVIDERS, type PaymentProvider } from "../../../domain/payments/payment-provider.js";

const CALLING_CODES: Record<string, string> = { KE: "254", UG: "256", TZ: "255", RW: "250" };
/** A stand-in numbering plan: `[+]<code>` or `0` then 9 digits starting with 7 is a mobile number of that country. */
const parsePhone: ParsePhone = (text, defaultCountry) => {
  const digits = text.replace(/[\s-]/g, "");
  for (const [country, code] of Object.entries(CALLING_CODES)) {
    const international = new RegExp(`^\\+?${code}(7\\d{8})$`).exec(digits);
    if (international !== null) return { country, countryCallingCode: code, nationalNumber: international[1]!, mobile: true };
  }
  const national = /^0?(7\d{8})$/.exec(digits);
  if (national !== null && CALLING_CODES[defaultCountry] !== undefined) {
    return { country: defaultCountry, countryCallingCode: CALLING_CODES[defaultCountry]!, nationalNumber: national[1]!, mobile: true };
  }
  return /^\+?\d{4,15}$/.test(digits) ? { country: undefined, countryCallingCode: "1", nationalNumber: digits, mobile: false } : undefined;
};
const context = { storeCurrency: "KES" as CurrencyCode, parsePhone };

const valid: Record<PaymentProvider, PaymentRequestDraft> = {
  card_redirect: { provider: "card_redirect", amount: 10, email: "a@example.com", successUrl: "https://s.example/ok", cancelUrl: "https://s.example/no" },
  card_popup: { provider: "card_popup", amount: 10, currency: "NGN", email: "a@example.com", callbackUrl: "https://s.example/cb" },
  mobile_stk: { provider: "mobile_stk", amount: 10, phone: "0712345678" },
  mobile_collect: { provider: "mobile_collect", amount: 10, country: "KE", phone: "0712345678" },
};

const provider = fc.constantFrom(...PAYMENT_PROVIDERS);
const violationOf = (draft: PaymentRequestDraft) => {
  const result = validatePaymentRequest(draft, context);
  assert.ok(Either.isLeft(result), `expected a violation for ${JSON.stringify(draft)}`);
  return result.left;
};
const accepted = (draft: PaymentRequestDraft) => {
  const result = validatePaymentRequest(draft, context);
  assert.ok(Either.isRight(result), `expected ${JSON.stringify(draft)} to pass: ${Either.isLeft(result) ? result.left.message : ""}`);
  return result.right;
};

describe("payment initialisation rules", () => {
  it("an amount below 0.01 (or not finite) is refused naming amount, whatever the provider", () => {
    fc.assert(
      fc.property(provider, fc.oneof(fc.double({ max: 0.0099, noNaN: false }), fc.constant(Number.NaN), fc.constant(Number.POSITIVE_INFINITY)), (p, amount) => {
        const violation = violationOf({ ...valid[p], amount });
        assert.equal(violation.param, "amount");
      }),
    );
  });

  it("an accepted amount is exact: minor units / 10^digits gives the amount back, and it is at least one minor unit", () => {
    fc.assert(
      fc.property(fc.constantFrom("card_redirect", "card_popup") as fc.Arbitrary<PaymentProvider>, fc.integer({ min: 1, max: 10 ** 11 }), (p, minor) => {
        const currency = p === "card_popup" ? "NGN" : "KES";
        const amount = minor / 100;
        const request = accepted({ ...valid[p], amount, currency });
        assert.equal(request.amountMinor, minor);
        assert.ok(request.amountMinor >= 1);
      }),
    );
  });

  it("more decimals than the currency has are refused, never rounded", () => {
    const currencies = Object.keys(ISO_4217_MINOR_DIGITS) as CurrencyCode[];
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.integer({ min: 1, max: 10 ** 9 }), (currency, whole) => {
        const digits = minorDigits(currency);
        const amount = whole + 10 ** -(digits + 1) * 3;
        const result = validatePaymentRequest({ ...valid.card_redirect, amount, currency }, context);
        if (Either.isRight(result)) assert.equal(result.right.amountMinor / 10 ** digits, amount, "only an exactly representable amount passes");
        else assert.equal(result.left.param, "amount");
      }),
    );
  });

  it("M-Pesa takes KES whatever currency is given, cents included, and is charged whole shillings rounded up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.constantFrom("USD", "EUR", "KES", undefined), (cents, currency) => {
        const request = accepted({ ...valid.mobile_stk, amount: cents / 100, currency });
        assert.equal(request.currency, "KES");
        assert.equal(request.amountMinor, cents);
        const charged = chargedAmountMinor("mobile_stk", request.amountMinor, request.currency);
        assert.equal(charged % 100, 0, "whole shillings");
        assert.ok(charged >= cents && charged - cents < 100, `charged ${charged} for ${cents}`);
        assert.equal(request.chargedMinor, charged, "the accepted request carries what will be charged");
      }),
    );
    assert.equal(chargedAmountMinor("card_popup", 88_392, accepted(valid.mobile_stk).currency), 88_392, "cards take cents as they are");
  });

  it("an order's amount due with cents: mobile money accepts it or the whole units it charges, and nothing else; cards accept only the amount due", () => {
    const kinds = [
      ["mobile_stk", valid.mobile_stk, 100],
      ["mobile_collect", valid.mobile_collect, 100],
      ["mobile_collect", { ...valid.mobile_collect, country: "UG" }, 1],
      ["card_popup", { ...valid.card_popup, currency: "KES" }, 1],
      ["card_redirect", valid.card_redirect, 1],
    ] as const;
    for (const [provider, draft, unit] of kinds) {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.constantFrom("due", "whole", "near"), fc.integer({ min: -300, max: 300 }), (due, pick, offset) => {
          // The amount due, the whole units above it, or anything near them.
          const sent = pick === "due" ? due : pick === "whole" ? Math.ceil(due / unit) * unit : due + offset;
          const digits = minorDigits(accepted(draft).currency);
          fc.pre(sent >= 1);
          const request = accepted({ ...draft, amount: sent / 10 ** digits });
          const outcome = amountForDue(request, due);
          const whole = Math.ceil(due / unit) * unit;
          const takes = sent === due || (provider.startsWith("mobile_") && sent === whole);
          if (!takes) {
            assert.ok(Either.isLeft(outcome), `${provider}: ${sent} for ${due} is refused`);
            assert.equal(outcome.left.param, "amount");
            assert.match(outcome.left.message, /amount must be the order's amount due/);
            return;
          }
          assert.ok(Either.isRight(outcome), `${provider}: ${sent} for ${due} is taken`);
          assert.equal(outcome.right.amountMinor, due, "the payment is for the amount due");
          assert.equal(outcome.right.chargedMinor, provider.startsWith("mobile_") ? whole : due);
        }),
      );
    }
    const refused = amountForDue(accepted({ ...valid.mobile_stk, amount: 883 }), 88_392);
    assert.ok(Either.isLeft(refused));
    assert.equal(refused.left.message, "amount must be the order's amount due, 883.92 KES (or 884, the whole KES mobile_stk charges for it)");
  });

  it("the popup takes only NGN, GHS, ZAR, KES and USD, and requires one", () => {
    const currencies = Object.keys(ISO_4217_MINOR_DIGITS);
    fc.assert(
      fc.property(fc.constantFrom(...currencies), (currency) => {
        const result = validatePaymentRequest({ ...valid.card_popup, currency }, context);
        assert.equal(Either.isRight(result), (POPUP_CURRENCIES as readonly string[]).includes(currency));
        if (Either.isLeft(result)) assert.equal(result.left.param, "currency");
      }),
    );
    const missing = violationOf({ ...valid.card_popup, currency: undefined });
    assert.deepEqual([missing.param, missing.missing], ["currency", true]);
  });

  it("the redirect takes any ISO currency (upper-cased) and defaults to the store's", () => {
    assert.equal(accepted({ ...valid.card_redirect }).currency, "KES");
    assert.equal(accepted({ ...valid.card_redirect, currency: "usd" }).currency, "USD");
    assert.equal(violationOf({ ...valid.card_redirect, currency: "XYZ" }).param, "currency");
  });

  it("collection: only KE, UG, TZ, RW; the currency follows the country; the phone must be of that country, in its digits", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COLLECTION_COUNTRIES), fc.stringMatching(/^7\d{8}$/), (country, national) => {
        const currency = COLLECTION_CURRENCIES[country];
        const amount = minorDigits(currency as CurrencyCode) === 0 ? 500 : 5;
        const request = accepted({ provider: "mobile_collect", amount, country: country.toLowerCase(), phone: `0${national}` });
        assert.equal(request.country, country);
        assert.equal(request.currency, currency);
        assert.equal(request.phone, `${CALLING_CODES[country]}${national}`);
        const other = COLLECTION_COUNTRIES.find((c) => c !== country)!;
        assert.equal(violationOf({ provider: "mobile_collect", amount, country, phone: `+${CALLING_CODES[other]}${national}` }).param, "phone");
        assert.equal(violationOf({ provider: "mobile_collect", amount, country, currency: "USD", phone: `0${national}` }).param, "currency");
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}$/).filter((c) => !(COLLECTION_COUNTRIES as readonly string[]).includes(c)), (country) => {
        assert.equal(violationOf({ ...valid.mobile_collect, country }).param, "country");
      }),
    );
    assert.equal(violationOf({ ...valid.mobile_collect, country: undefined }).missing, true);
  });

  it("M-Pesa phones come out as 254XXXXXXXXX however they are written", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^7\d{8}$/), fc.constantFrom("0", "254", "+254", ""), (national, prefix) => {
        assert.equal(accepted({ ...valid.mobile_stk, phone: `${prefix}${national}` }).phone, `254${national}`);
      }),
    );
    assert.equal(violationOf({ ...valid.mobile_stk, phone: "+256712345678" }).param, "phone");
    assert.equal(violationOf({ ...valid.mobile_stk, phone: "12345" }).param, "phone");
    assert.equal(violationOf({ ...valid.mobile_stk, phone: undefined }).missing, true);
  });

  it("cards need an email; mobile money needs a phone; each missing contact names its parameter", () => {
    fc.assert(
      fc.property(provider, (p) => {
        const card = p === "card_redirect" || p === "card_popup";
        const violation = violationOf({ ...valid[p], email: undefined, phone: undefined });
        assert.deepEqual([violation.param, violation.missing], [card ? "email" : "phone", true]);
      }),
    );
  });

  it("success and cancel URLs belong to the redirect and the callback URL to the popup: required there, refused elsewhere", () => {
    const owners = { successUrl: ["success_url", "card_redirect"], cancelUrl: ["cancel_url", "card_redirect"], callbackUrl: ["callback_url", "card_popup"] } as const;
    fc.assert(
      fc.property(provider, fc.constantFrom(...(Object.keys(owners) as (keyof typeof owners)[])), (p, field) => {
        const [param, owner] = owners[field];
        if (p === owner) {
          const violation = violationOf({ ...valid[p], [field]: undefined });
          assert.deepEqual([violation.param, violation.missing], [param, true]);
          assert.equal(violationOf({ ...valid[p], [field]: "ftp://x.example/" }).param, param);
        } else {
          assert.equal(violationOf({ ...valid[p], [field]: "https://x.example/" }).param, param);
        }
      }),
    );
  });
});

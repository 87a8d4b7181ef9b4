// The email template rules (docs/emails.md, "Templates and placeholders"): the placeholder parser
// and renderer (properties), the check that names an unknown placeholder, amounts in the
// currency's minor digits, the retry schedule, and the default template of every email.
import assert from "node:assert/strict";
import { Either } from "effect";
import fc from "fast-check";
import { describe, it } from "mocha";
import { DEFAULT_TEMPLATES } from "../../../domain/emails/default-templates.js";
import { isMailableAddress } from "../../../domain/emails/email-address.js";
import { formatAmount, minorOfMajor } from "../../../domain/emails/email-amounts.js";
import { EMAIL_KINDS, kindsForEvent, OPTIONAL_KINDS, placeholdersOf, TEMPLATE_KEYS } from "../../../domain/emails/email-catalogue.js";
import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_DELAYS_MS, emailRetryDelayMs } from "../../../domain/emails/email-retry-schedule.js";
import { checkTemplate, escapeHtml, parseTemplate, renderParts, renderSubject, type TemplatePart } from "../../../domain/emails/placeholders.js";
import { EVENT_TYPES } from "../../../domain/events/event-type.js";

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
/** Text that holds no `{{` or `}}` of its own. */
const plain = fc.string({ maxLength: 30 }).filter((s) => !s.includes("{") && !s.includes("}"));
const part: fc.Arbitrary<TemplatePart> = fc.oneof(plain.filter((s) => s !== "").map((text) => ({ kind: "text" as const, text })), name.map((n) => ({ kind: "placeholder" as const, name: n })));
/** Adjacent texts are one part once parsed. */
const normalise = (parts: readonly TemplatePart[]): TemplatePart[] =>
  parts.reduce<TemplatePart[]>((out, p) => {
    const last = out.at(-1);
    if (p.kind === "text" && last?.kind === "text") out[out.length - 1] = { kind: "text", text: last.text + p.text };
    else out.push(p);
    return out;
  }, []);
const write = (parts: readonly TemplatePart[], spaced: boolean): string => parts.map((p) => (p.kind === "text" ? p.text : spaced ? `{{ ${p.name} }}` : `{{${p.name}}}`)).join("");

describe("email placeholders", () => {
  it("parses what it writes, with or without spaces inside the braces", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), fc.boolean(), (parts, spaced) => {
        assert.deepEqual(Either.getOrThrow(parseTemplate(write(parts, spaced))), normalise(parts));
      }),
    );
  });

  it("renders text as it is and every value escaped in HTML, so no value can add markup", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), fc.dictionary(name, fc.string({ maxLength: 20 })), (parts, values) => {
        const html = renderParts(parts, values, "html");
        const text = renderParts(parts, values, "text");
        const expectedText = parts.map((p) => (p.kind === "text" ? p.text : (Object.hasOwn(values, p.name) ? values[p.name]! : ""))).join("");
        assert.equal(text, expectedText);
        const expectedHtml = parts.map((p) => (p.kind === "text" ? p.text : escapeHtml(Object.hasOwn(values, p.name) ? values[p.name]! : "").replace(/\r?\n/g, "<br/>"))).join("");
        assert.equal(html, expectedHtml);
        // a value's characters never open a tag or an attribute
        for (const p of parts) if (p.kind === "placeholder" && Object.hasOwn(values, p.name)) assert.ok(!/[<>"']/.test(escapeHtml(values[p.name]!)));
      }),
    );
  });

  it("never leaves a line break in a subject", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), fc.dictionary(name, fc.string({ maxLength: 20 })), (parts, values) => {
        assert.ok(!/[\r\n]/.test(renderSubject(parts, values)));
      }),
    );
  });

  it("refuses a placeholder the template may not use, naming it", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), name, (parts, unknown) => {
        const allowed = parts.flatMap((p) => (p.kind === "placeholder" && p.name !== unknown ? [p.name] : []));
        const template = write([...parts, { kind: "placeholder", name: unknown }], false);
        const checked = checkTemplate(template, allowed);
        assert.ok(Either.isLeft(checked));
        assert.equal(checked.left.reason, "unknown_placeholder");
        assert.equal(checked.left.placeholder, unknown);
        assert.match(checked.left.message, new RegExp(`\\{\\{${unknown}\\}\\}`));
      }),
    );
    const checked = checkTemplate("Hello {{ customer_name }}, {{ coupon_code }}", placeholdersOf("order_confirmation"));
    assert.ok(Either.isLeft(checked));
    assert.equal(checked.left.placeholder, "coupon_code");
  });

  it("refuses a {{ that is not a placeholder", () => {
    for (const template of ["Hi {{ Name }}", "Hi {{customer name}}", "Hi {{customer_name", "{{}}"]) {
      const checked = parseTemplate(template);
      assert.ok(Either.isLeft(checked), template);
      assert.equal(checked.left.reason, "malformed_placeholder");
    }
  });
});

describe("the email catalogue and default templates", () => {
  it("has a valid default subject, MJML body and text for every email, using only its placeholders", () => {
    for (const key of TEMPLATE_KEYS) {
      const template = DEFAULT_TEMPLATES[key];
      for (const [field, text] of Object.entries(template)) assert.ok(Either.isRight(checkTemplate(text, placeholdersOf(key))), `${key}.${field}`);
      assert.ok(template.subject.length > 0 && template.text.length > 0 && template.mjml.includes("<mj-"));
    }
  });

  it("sends every email on events that exist, and lets customers turn off only optional customer emails", () => {
    for (const key of TEMPLATE_KEYS) {
      assert.ok(EMAIL_KINDS[key].events.length > 0);
      for (const type of EMAIL_KINDS[key].events) assert.ok((EVENT_TYPES as readonly string[]).includes(type), type);
    }
    for (const key of OPTIONAL_KINDS) assert.equal(EMAIL_KINDS[key].audience.kind, "customer");
    assert.deepEqual(OPTIONAL_KINDS, ["order_delivered", "message_reply"]);
    assert.deepEqual(kindsForEvent("order.created").map((k) => k.key), ["order_confirmation", "staff_new_order"]);
    assert.deepEqual(kindsForEvent("cart.abandoned"), []);
  });
});

describe("email amounts, addresses and retries", () => {
  it("formats an amount with the currency's minor digits and symbol", () => {
    assert.equal(formatAmount(123456, "KES"), "KSh 1,234.56");
    assert.equal(formatAmount(123456, "UGX"), "USh 123,456");
    assert.equal(formatAmount(1234567, "BHD"), "BHD 1,234.567");
    assert.equal(formatAmount(5, "USD"), "$ 0.05");
    assert.equal(minorOfMajor(12.34, "KES"), 1234);
    assert.equal(minorOfMajor(1.005, "BHD"), 1005);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom("KES", "UGX", "BHD", "USD"), (minor, currency) => {
        const digits = formatAmount(minor, currency).replace(/[^0-9]/g, "");
        assert.equal(BigInt(digits), BigInt(minor));
      }),
    );
  });

  it("tells mailable addresses from malformed ones", () => {
    for (const good of ["ann@example.com", "a.b+c@mail.example.co.ke"]) assert.ok(isMailableAddress(good), good);
    for (const bad of ["", "ann", "ann@", "@example.com", "ann@example", "ann @example.com", "ann@exa mple.com", "a<b>@example.com"]) assert.ok(!isMailableAddress(bad), bad);
  });

  it("retries on a growing schedule with ±10% spread, and stops after the last attempt", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: EMAIL_MAX_ATTEMPTS - 1 }), fc.double({ min: -1, max: 1, noNaN: true }), (made, jitter) => {
        const delay = emailRetryDelayMs(made, jitter)!;
        const base = EMAIL_RETRY_DELAYS_MS[made - 1]!;
        assert.ok(delay >= base * 0.9 - 1 && delay <= base * 1.1 + 1);
      }),
    );
    assert.equal(emailRetryDelayMs(EMAIL_MAX_ATTEMPTS, 0), undefined);
    assert.equal(emailRetryDelayMs(0, 0), undefined);
    // a ten-minute outage costs at most three attempts: the fourth comes after 1 + 5 + 15 minutes (less 10%)
    assert.ok((EMAIL_RETRY_DELAYS_MS[0]! + EMAIL_RETRY_DELAYS_MS[1]! + EMAIL_RETRY_DELAYS_MS[2]!) * 0.9 > 10 * 60_000);
  });
});

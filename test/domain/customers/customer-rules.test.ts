// Tests for the pure customer rules: email normalisation, token lifetimes, one-time code
// usability and the purchase standing of store_metrics.status.
import assert from "node:assert/strict";
import fc from "fast-check";
import { normaliseEmail } from "../../../domain/customers/customer.js";
import { CODE_MAX_ATTEMPTS, codeExpiry, codeUsability } from "../../../domain/customers/one-time-code.js";
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, isExpired, tokenTimes } from "../../../domain/customers/session-lifetimes.js";
import { LAPSED_AFTER_DAYS, purchaseStanding } from "../../../domain/customers/store-metrics.js";

const NOW = new Date("2030-06-15T12:00:00.000Z");
const DAY = 86_400_000;

describe("normaliseEmail", () => {
  it("trims and lower-cases", () => {
    assert.equal(normaliseEmail("  Amina.Wanjiru@Example.COM "), "amina.wanjiru@example.com");
  });

  it("is idempotent and ignores case and surrounding blanks", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom("", " ", "\t"), (email, pad) => {
        const once = normaliseEmail(pad + email.toUpperCase() + pad);
        assert.equal(normaliseEmail(once), once);
        assert.equal(once, normaliseEmail(email));
      }),
    );
  });
});

describe("session lifetimes", () => {
  it("an access token lives an hour and a refresh token thirty days", () => {
    const times = tokenTimes(NOW);
    assert.equal(ACCESS_TOKEN_SECONDS, 3600);
    assert.equal(REFRESH_TOKEN_SECONDS, 30 * 86_400);
    assert.equal(times.accessExpiresAt.getTime() - NOW.getTime(), 3_600_000);
    assert.equal(times.refreshExpiresAt.getTime() - NOW.getTime(), 30 * DAY);
  });

  it("a token is expired from its expiry instant on, never before", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY, max: 10 * DAY }), (offset) => {
        const expiresAt = new Date(NOW.getTime() + offset).toISOString();
        assert.equal(isExpired(expiresAt, NOW), offset <= 0);
      }),
    );
  });
});

describe("one-time code usability", () => {
  const code = (overrides: Partial<{ expiresAt: string; attempts: number; consumedAt: string | null }> = {}) => ({
    expiresAt: codeExpiry(NOW).toISOString(),
    attempts: 0,
    consumedAt: null,
    ...overrides,
  });

  it("a fresh code is usable for ten minutes", () => {
    assert.equal(codeUsability(code(), NOW), "usable");
    assert.equal(codeUsability(code(), new Date(NOW.getTime() + 10 * 60_000 - 1)), "usable");
    assert.equal(codeUsability(code(), new Date(NOW.getTime() + 10 * 60_000)), "expired");
  });

  it("five tries, then exhausted; a used code stays used", () => {
    assert.equal(CODE_MAX_ATTEMPTS, 5);
    assert.equal(codeUsability(code({ attempts: 4 }), NOW), "usable");
    assert.equal(codeUsability(code({ attempts: 5 }), NOW), "exhausted");
    assert.equal(codeUsability(code({ consumedAt: NOW.toISOString() }), NOW), "consumed");
  });

  it("is usable exactly when unused, unexpired and under five tries", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: -20, max: 20 }), fc.boolean(), (attempts, minutesLeft, used) => {
        const c = code({ attempts, expiresAt: new Date(NOW.getTime() + minutesLeft * 60_000).toISOString(), consumedAt: used ? NOW.toISOString() : null });
        assert.equal(codeUsability(c, NOW) === "usable", !used && minutesLeft > 0 && attempts < 5);
      }),
    );
  });
});

describe("purchase standing (store_metrics.status)", () => {
  it("new before a first purchase, active within a year, lapsed after", () => {
    assert.equal(purchaseStanding(0, null, NOW), "new");
    assert.equal(purchaseStanding(3, new Date(NOW.getTime() - 20 * DAY).toISOString(), NOW), "active");
    assert.equal(purchaseStanding(3, new Date(NOW.getTime() - LAPSED_AFTER_DAYS * DAY).toISOString(), NOW), "active");
    assert.equal(purchaseStanding(3, new Date(NOW.getTime() - LAPSED_AFTER_DAYS * DAY - 1).toISOString(), NOW), "lapsed");
    assert.equal(purchaseStanding(2, null, NOW), "new");
  });

  it("ages monotonically: once lapsed, a later now is never active again", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 800 }), (count, ageDays, laterDays) => {
        const last = new Date(NOW.getTime() - ageDays * DAY).toISOString();
        const now = purchaseStanding(count, last, NOW);
        const later = purchaseStanding(count, last, new Date(NOW.getTime() + laterDays * DAY));
        if (now === "lapsed") assert.equal(later, "lapsed");
        assert.notEqual(now, "new");
      }),
    );
  });
});

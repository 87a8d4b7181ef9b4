// Promotion status by example: the merchant switch, the [startDate, endDate) window read from the clock,
// the usage limit, and malformed promotions refused.
import assert from "node:assert/strict";
import { promotionStatus, promotionUnavailability } from "../../../domain/promotions/promotion-status.js";
import { InvalidPromotionInput, promotionProblem } from "../../../domain/promotions/promotion.js";
import { promotion } from "./promotion-arbitraries.js";

const running = promotion({ id: "p", type: "discount", startDate: "2026-03-01T00:00:00Z", endDate: "2026-04-01T00:00:00Z" });
const at = (iso: string): Date => new Date(iso);

describe("promotionStatus", () => {
  it("is scheduled before the start, active from the start instant, expired from the end instant", () => {
    assert.equal(promotionStatus(running, at("2026-02-28T23:59:59.999Z"), 0), "scheduled");
    assert.equal(promotionStatus(running, at("2026-03-01T00:00:00.000Z"), 0), "active");
    assert.equal(promotionStatus(running, at("2026-03-31T23:59:59.999Z"), 0), "active");
    assert.equal(promotionStatus(running, at("2026-04-01T00:00:00.000Z"), 0), "expired");
  });

  it("reads offsets: an end at 03:00+03:00 is midnight UTC", () => {
    const nairobi = { ...running, endDate: "2026-04-01T03:00:00+03:00" };
    assert.equal(promotionStatus(nairobi, at("2026-03-31T23:59:59.999Z"), 0), "active");
    assert.equal(promotionStatus(nairobi, at("2026-04-01T00:00:00Z"), 0), "expired");
  });

  it("is inactive whenever the merchant switched it off, even within its dates", () => {
    assert.equal(promotionStatus({ ...running, status: "inactive" }, at("2026-03-15T00:00:00Z"), 0), "inactive");
    assert.equal(promotionStatus({ ...running, status: "inactive" }, at("2027-01-01T00:00:00Z"), 0), "inactive");
  });

  it("does not trust a stored 'active': past its end it is expired", () => {
    assert.equal(running.status, "active");
    assert.equal(promotionStatus(running, at("2026-06-01T00:00:00Z"), 0), "expired");
  });

  it("is expired once its usage limit is reached, and a customer's own limit does not change it", () => {
    const limited = { ...running, usageLimit: 3, usagePerCustomer: 1 };
    const mid = at("2026-03-15T00:00:00Z");
    assert.equal(promotionStatus(limited, mid, 2), "active");
    assert.equal(promotionStatus(limited, mid, 3), "expired");
    assert.equal(promotionUnavailability(limited, mid, 2, 1), "customer_usage_limit_reached");
    assert.equal(promotionUnavailability(limited, mid, 3, 0), "usage_limit_reached");
    assert.equal(promotionUnavailability(limited, mid, 2, 0), null);
    assert.equal(promotionStatus({ ...running, usageLimit: null }, mid, 1_000_000), "active");
  });

  it("refuses dates without an offset (they would be read in the host's zone) and malformed fields", () => {
    assert.throws(() => promotionStatus({ ...running, endDate: "2026-04-01T00:00:00" }, at("2026-03-15T00:00:00Z"), 0), InvalidPromotionInput);
    assert.match(promotionProblem({ ...running, discountValue: 101 }) ?? "", /within 0\.\.100/);
    assert.match(promotionProblem({ ...running, type: "bundle", bundleProducts: [] }) ?? "", /bundleProducts/);
    assert.match(
      promotionProblem({ ...running, type: "bogo", bogoRequiredProducts: [{ productId: "a", quantity: 1 }], bogoFreeProducts: [{ productId: "b", quantity: 0 }] }) ?? "",
      /quantity of b/,
    );
    assert.match(promotionProblem({ ...running, minPurchase: 1.5 }) ?? "", /minPurchase/);
    assert.equal(promotionProblem(running), null);
  });
});

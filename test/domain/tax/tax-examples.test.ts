// Worked examples of the tax rules (docs/taxes.md): the Kenyan demo shop (16 % VAT inside shelf prices),
// zero-rated and exempt lines, Uganda and Tanzania by country, a region's zone beating its country's,
// and a class a zone does not rate.
import assert from "node:assert/strict";
import { Either } from "effect";
import { extractTax } from "../../../domain/tax/line-tax.js";
import { taxOrder, type OrderTax, type OrderTaxInput } from "../../../domain/tax/order-tax.js";
import { refundOfAmount, refundOfUnits } from "../../../domain/tax/refund-tax.js";
import { EXEMPT, REDUCED, STANDARD, ZERO_RATED, type TaxClass } from "../../../domain/tax/tax-class.js";
import { parseTaxRatePercent, type TaxRate } from "../../../domain/tax/tax-rate.js";
import { MissingTaxRate, rateFor, resolveTaxZone, type TaxZone } from "../../../domain/tax/tax-zone.js";

const pct = (text: string): TaxRate => Either.getOrThrow(parseTaxRatePercent(text));

const KENYA: TaxZone = { id: "ke", name: "Kenya", country: "KE", region: null, rates: { standard: pct("16"), reduced: pct("8") } };
const UGANDA: TaxZone = { id: "ug", name: "Uganda", country: "UG", region: null, rates: { standard: pct("18") } };
const TANZANIA: TaxZone = { id: "tz", name: "Tanzania mainland", country: "TZ", region: null, rates: { standard: pct("18") } };
const ZANZIBAR: TaxZone = { id: "tz-zanzibar", name: "Zanzibar", country: "TZ", region: "Zanzibar", rates: { standard: pct("15") } };
const ZONES = [KENYA, UGANDA, ZANZIBAR, TANZANIA];

const taxed = (input: OrderTaxInput): OrderTax => Either.getOrThrow(taxOrder(input));
const line = (amount: number, taxClass: TaxClass = STANDARD) => ({ amount, taxClass });

describe("tax examples", () => {
  describe("the Kenyan demo shop: shelf prices include 16 % VAT", () => {
    it("a KES 1,160.00 shelf price holds KES 160.00 of VAT", () => {
      assert.deepEqual(extractTax(116_000, pct("16")), { net: 100_000, tax: 16_000, gross: 116_000 });
    });

    it("a Nairobi basket totals exactly its shelf prices plus shipping, with the VAT shown inside", () => {
      const { zone, matchedBy } = resolveTaxZone(ZONES, "ke", { country: "KE", region: "Nairobi" });
      assert.equal(zone, KENYA);
      assert.equal(matchedBy, "country");
      const order = taxed({
        pricesIncludeTax: true,
        zone,
        lines: [
          line(116_000), // sofa cushion, KES 1,160.00
          line(2 * 58_000), // two mugs at KES 580.00
          line(9_999), // a candle at KES 99.99
          line(20_000, ZERO_RATED), // maize flour, KES 200.00, zero-rated
        ],
        discount: 0,
        shipping: line(30_000), // delivery KES 300.00, standard-rated
      });
      assert.equal(order.gross, 116_000 + 116_000 + 9_999 + 20_000 + 30_000);
      assert.deepEqual(
        order.lines.map((l) => l.tax),
        [16_000, 16_000, 1_379, 0], // 9,999 / 1.16 = 8,619.83 → net 8,620, VAT 13.79
      );
      assert.equal(order.shipping?.tax, 4_138); // 30,000 / 1.16 = 25,862.07 → net 25,862
      assert.equal(order.tax, 16_000 + 16_000 + 1_379 + 0 + 4_138);
      assert.deepEqual(order.byRate, [
        { rate: 0, exempt: false, net: 20_000, tax: 0, gross: 20_000 },
        { rate: 160_000, exempt: false, net: 100_000 + 100_000 + 8_620 + 25_862, tax: 37_517, gross: 271_999 },
      ]);
    });

    it("a discount comes off the shelf prices before the VAT is taken out, spread over the lines", () => {
      const order = taxed({ pricesIncludeTax: true, zone: KENYA, lines: [line(116_000), line(58_000)], discount: 17_400, shipping: null });
      // 17,400 over 116,000 : 58,000 is 11,600 : 5,800
      assert.deepEqual(order.lines.map((l) => [l.discount, l.gross, l.tax]), [[11_600, 104_400, 14_400], [5_800, 52_200, 7_200]]);
      assert.equal(order.gross, 116_000 + 58_000 - 17_400);
    });

    it("a refund of one of two mugs returns half the line's VAT; the second returns the rest", () => {
      const mugs = taxed({ pricesIncludeTax: true, zone: KENYA, lines: [line(2 * 58_000 - 1)], discount: 0, shipping: null }).lines[0]!;
      const first = refundOfUnits({ ...mugs, quantity: 2 }, 0, 1);
      const second = refundOfUnits({ ...mugs, quantity: 2 }, 1, 1);
      // gross 1,159.99 holds 160.00 of VAT; the first mug is 579.995 rounded half to even, 580.00
      assert.deepEqual([mugs.gross, mugs.tax], [115_999, 16_000]);
      assert.deepEqual(first, { net: 50_000, tax: 8_000, gross: 58_000 });
      assert.deepEqual(second, { net: 49_999, tax: 8_000, gross: 57_999 });
      assert.equal(first.gross + second.gross, mugs.gross);
      assert.equal(first.tax + second.tax, mugs.tax);
      assert.deepEqual(refundOfAmount(mugs, 0, mugs.gross), { net: mugs.net, tax: mugs.tax, gross: mugs.gross });
    });
  });

  it("a zero-rated line is taxed at 0 % and an exempt line is outside the tax; no zone needs to rate them", () => {
    const order = taxed({ pricesIncludeTax: true, zone: UGANDA, lines: [line(5_000, ZERO_RATED), line(7_000, EXEMPT)], discount: 0, shipping: null });
    assert.deepEqual(order.lines.map((l) => [l.taxClass, l.rate, l.exempt, l.tax, l.net]), [["zero", 0, false, 0, 5_000], ["exempt", 0, true, 0, 7_000]]);
    assert.deepEqual(order.byRate.map((g) => [g.rate, g.exempt, g.gross]), [[0, false, 5_000], [0, true, 7_000]]);
  });

  it("Uganda and Tanzania are found by country and charge 18 %", () => {
    const uganda = resolveTaxZone(ZONES, "ke", { country: "UG", region: "Kampala" });
    assert.deepEqual([uganda.zone.id, uganda.matchedBy], ["ug", "country"]);
    // UGX has no minor digits: UGX 118,000 with VAT inside holds UGX 18,000
    assert.deepEqual(taxed({ pricesIncludeTax: true, zone: uganda.zone, lines: [line(118_000)], discount: 0, shipping: null }).tax, 18_000);
    const tanzania = resolveTaxZone(ZONES, "ke", { country: "tz", region: "Dar es Salaam" });
    assert.deepEqual([tanzania.zone.id, tanzania.matchedBy], ["tz", "country"]);
    // a shop pricing without tax adds it: TZS 1,000.00 net → TZS 180.00 VAT
    assert.equal(taxed({ pricesIncludeTax: false, zone: tanzania.zone, lines: [line(100_000)], discount: 0, shipping: null }).tax, 18_000);
  });

  it("a region's zone beats its country's: Zanzibar's 15 % over mainland Tanzania's 18 %", () => {
    for (const region of ["Zanzibar", "  zanzibar ", "ZANZIBAR"]) {
      const found = resolveTaxZone(ZONES, "ke", { country: "TZ", region });
      assert.deepEqual([found.zone.id, found.matchedBy], ["tz-zanzibar", "region"], region);
    }
    assert.equal(resolveTaxZone(ZONES, "ke", { country: "TZ" }).zone.id, "tz");
    assert.equal(resolveTaxZone(ZONES, "ke", { country: "TZ", region: "" }).zone.id, "tz");
  });

  it("a place no zone covers gets the default zone", () => {
    const found = resolveTaxZone(ZONES, "ke", { country: "RW", region: "Kigali" });
    assert.deepEqual([found.zone.id, found.matchedBy], ["ke", "default"]);
  });

  it("a class the zone does not rate stops the order with MissingTaxRate, never a guessed rate", () => {
    const result = taxOrder({ pricesIncludeTax: true, zone: UGANDA, lines: [line(1_000), line(1_000, REDUCED)], discount: 0, shipping: null });
    assert.ok(Either.isLeft(result));
    assert.ok(result.left instanceof MissingTaxRate);
    assert.deepEqual([result.left._tag, result.left.zoneId, result.left.taxClass], ["MissingTaxRate", "ug", "reduced"]);
    // a class named like an Object.prototype member is still just missing
    assert.ok(Either.isLeft(rateFor(UGANDA, "constructor" as TaxClass)));
  });
});

// Every email as MJML renders it (docs/emails.md, "Templates and placeholders"): each default
// template with sample values gives a subject, an HTML body whose links are all well-formed
// http(s) or mailto and whose images all have alt text, with the store's logo and name, and a
// text body; values are escaped in HTML; a template with an unknown placeholder, a layout element
// or an unknown MJML element is refused with 422 naming it.
import assert from "node:assert/strict";
import { describe, it } from "mocha";
import { MjmlEmailRenderer } from "../../../adapters/notifications/mjml-email-renderer.js";
import { checkEmailTemplate, composeEmail } from "../../../application/emails/compose-email.js";
import { sampleEmailValues } from "../../../application/emails/sample-email-values.js";
import { BusinessRuleViolation } from "../../../application/errors/resource-errors.js";
import { DEFAULT_TEMPLATES } from "../../../domain/emails/default-templates.js";
import { TEMPLATE_KEYS } from "../../../domain/emails/email-catalogue.js";
import { linkProblems } from "../../support/email-checks.js";

const renderer = new MjmlEmailRenderer();
const branding = { storeName: "Kilimani Living", logoUrl: "https://cdn.example.com/kilimani/logo.png" };

const refusal = async (attempt: Promise<unknown>): Promise<BusinessRuleViolation> => {
  try {
    await attempt;
  } catch (err) {
    assert.ok(err instanceof BusinessRuleViolation, String(err));
    return err;
  }
  assert.fail("the template was accepted");
};

describe("emails rendered with MJML", function () {
  this.timeout(30_000);

  for (const key of TEMPLATE_KEYS) {
    it(`${key}: subject, HTML with good links and alt texts, logo and name, text`, async () => {
      const values = sampleEmailValues(key, "KES", "Africa/Nairobi", "2026-11-27T10:00:00.000Z");
      const email = await composeEmail(renderer, key, DEFAULT_TEMPLATES[key], values, branding);
      assert.ok(email.subject.length > 0 && !email.subject.includes("{{"), email.subject);
      assert.deepEqual(linkProblems(email.html), []);
      assert.match(email.html, /<img\b[^>]*src="https:\/\/cdn\.example\.com\/kilimani\/logo\.png"[^>]*>/);
      assert.match(email.html, /alt="Kilimani Living"/);
      assert.ok(email.html.includes("Kilimani Living"));
      assert.ok(!email.html.includes("{{") && !email.text.includes("{{"));
      assert.ok(email.text.includes("Kilimani Living"));
      if (DEFAULT_TEMPLATES[key].text.includes("{{order_total}}") || DEFAULT_TEMPLATES[key].text.includes("{{amount_paid}}")) {
        assert.ok(email.html.includes("KSh 12,450.00"), "the amount in the currency's minor digits");
        assert.ok(email.text.includes("KSh 12,450.00"));
      }
    });
  }

  it("shows amounts with the currency's own minor digits (UGX has none, BHD three)", async () => {
    const ugx = await composeEmail(renderer, "order_confirmation", DEFAULT_TEMPLATES.order_confirmation, sampleEmailValues("order_confirmation", "UGX", undefined, "2026-11-27T10:00:00.000Z"), branding);
    assert.ok(ugx.text.includes("USh 12,450\n") || ugx.text.includes("USh 12,450"), ugx.text);
    assert.ok(!ugx.text.includes("USh 12,450.0"));
    const bhd = await composeEmail(renderer, "order_confirmation", DEFAULT_TEMPLATES.order_confirmation, sampleEmailValues("order_confirmation", "BHD", undefined, "2026-11-27T10:00:00.000Z"), branding);
    assert.ok(bhd.text.includes("BHD 12,450.000"), bhd.text);
  });

  it("leaves the logo out, and no image without alt text, when the store set none", async () => {
    const email = await composeEmail(renderer, "order_cancelled", DEFAULT_TEMPLATES.order_cancelled, sampleEmailValues("order_cancelled", "KES", undefined, "2026-11-27T10:00:00.000Z"), { storeName: "No Logo", logoUrl: null });
    assert.doesNotMatch(email.html, /<img\b/i);
    assert.ok(email.html.includes("No Logo"));
    assert.deepEqual(linkProblems(email.html), []);
  });

  it("escapes values in HTML: a customer's name cannot add markup or links", async () => {
    const values = { ...sampleEmailValues("order_confirmation", "KES", undefined, "2026-11-27T10:00:00.000Z"), customer_name: `<a href="javascript:alert(1)">Eve</a> & "co"` };
    const email = await composeEmail(renderer, "order_confirmation", DEFAULT_TEMPLATES.order_confirmation, values, { storeName: `Tom & <Jerry>`, logoUrl: null });
    assert.ok(email.html.includes("&lt;a href=&quot;javascript:alert(1)&quot;&gt;Eve&lt;/a&gt; &amp; &quot;co&quot;"));
    assert.ok(email.html.includes("Tom &amp; &lt;Jerry&gt;"));
    assert.deepEqual(linkProblems(email.html), []);
    assert.ok(email.text.includes(`<a href="javascript:alert(1)">Eve</a> & "co"`), "the text body shows the value as it is");
  });

  it("finds broken links and missing alt texts (the check itself works)", () => {
    assert.equal(linkProblems(`<a href="">x</a><a href="javascript:alert(1)">y</a><a href="/relative">z</a><a href="mailto:nobody">m</a><img src="a.png"><img src="b.png" alt=" ">`).length, 6);
    assert.deepEqual(linkProblems(`<a href="https://example.com/a?b=1&amp;c=2">x</a><a href="mailto:shop@example.com">m</a><img src="a.png" alt="A">`), []);
  });

  it("refuses a template with an unknown placeholder, naming it and the part (422 unknown_placeholder)", async () => {
    const template = { ...DEFAULT_TEMPLATES.order_confirmation, mjml: "<mj-text>Use {{ coupon_code }} next time</mj-text>" };
    const refused = await refusal(checkEmailTemplate(renderer, "order_confirmation", template));
    assert.equal(refused.code, "unknown_placeholder");
    assert.equal(refused.param, "mjml");
    assert.match(refused.message, /\{\{coupon_code\}\}/);
    const inSubject = await refusal(checkEmailTemplate(renderer, "staff_low_stock", { ...DEFAULT_TEMPLATES.staff_low_stock, subject: "Low: {{order_number}}" }));
    assert.equal(inSubject.param, "subject");
    assert.match(inSubject.message, /order_number/);
  });

  it("refuses layout elements and MJML that does not compile cleanly (422 invalid_template)", async () => {
    const layout = await refusal(checkEmailTemplate(renderer, "order_cancelled", { ...DEFAULT_TEMPLATES.order_cancelled, mjml: "<mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section>" }));
    assert.equal(layout.code, "invalid_template");
    assert.match(layout.message, /mj-section/);
    const unknown = await refusal(checkEmailTemplate(renderer, "order_cancelled", { ...DEFAULT_TEMPLATES.order_cancelled, mjml: "<mj-text>x</mj-text><mj-blink>y</mj-blink>" }));
    assert.equal(unknown.code, "invalid_template");
    assert.match(unknown.message, /mj-blink/);
    const include = await refusal(checkEmailTemplate(renderer, "order_cancelled", { ...DEFAULT_TEMPLATES.order_cancelled, mjml: `<mj-include path="/etc/passwd" />` }));
    assert.equal(include.code, "invalid_template");
    for (const key of TEMPLATE_KEYS) await checkEmailTemplate(renderer, key, DEFAULT_TEMPLATES[key]);
  });
});

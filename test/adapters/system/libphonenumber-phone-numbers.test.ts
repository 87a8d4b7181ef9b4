// The phone numbers adapter reads national and international forms with the full metadata, and
// tells mobile numbers from others.
import assert from "node:assert/strict";
import { LibphonenumberPhoneNumbers } from "../../../adapters/system/libphonenumber-phone-numbers.js";

describe("libphonenumber phone numbers", () => {
  const phones = new LibphonenumberPhoneNumbers();

  it("reads Kenyan, Ugandan, Tanzanian and Rwandan mobile numbers written nationally or internationally", () => {
    for (const [text, country, digits] of [
      ["0712 345 678", "KE", "254712345678"],
      ["254712345678", "KE", "254712345678"],
      ["+256772123456", "KE", "256772123456"],
      ["0772123456", "UG", "256772123456"],
      ["0712345678", "TZ", "255712345678"],
      ["0788123456", "RW", "250788123456"],
    ] as const) {
      const parsed = phones.parse(text, country);
      assert.ok(parsed?.mobile, text);
      assert.equal(`${parsed.countryCallingCode}${parsed.nationalNumber}`, digits);
    }
  });

  it("tells landlines and non-numbers apart", () => {
    assert.equal(phones.parse("020 2222222", "KE")?.mobile, false, "a Nairobi landline");
    assert.equal(phones.parse("hello", "KE"), undefined);
    assert.equal(phones.parse("12345", "KE")?.mobile ?? false, false);
  });
});

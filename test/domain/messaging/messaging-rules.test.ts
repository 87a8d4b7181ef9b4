// Tests for the pure messaging rules: who gets the unread message, the type a message gets
// from its attachments, and the one-millisecond step that keeps created_at unique.
import assert from "node:assert/strict";
import fc from "fast-check";
import { messageTypeOf, oneMillisecondAfter } from "../../../domain/messaging/message.js";
import { readerOf } from "../../../domain/messaging/thread.js";

describe("readerOf", () => {
  it("the customer's messages are the store's to read, and the store's and system's the customer's", () => {
    assert.equal(readerOf("customer"), "store");
    assert.equal(readerOf("store"), "customer");
    assert.equal(readerOf("system"), "customer");
  });
});

describe("messageTypeOf", () => {
  it("text without attachments, image when every attachment is a picture, file otherwise, system for the platform", () => {
    assert.equal(messageTypeOf("customer", []), "text");
    assert.equal(messageTypeOf("store", ["https://x.example/a.png", "https://x.example/b.JPEG?size=2"]), "image");
    assert.equal(messageTypeOf("customer", ["https://x.example/a.png", "https://x.example/receipt.pdf"]), "file");
    assert.equal(messageTypeOf("customer", ["https://x.example/photo.png.exe"]), "file");
    assert.equal(messageTypeOf("system", ["https://x.example/a.png"]), "system");
  });
});

describe("oneMillisecondAfter", () => {
  it("steps exactly one millisecond and keeps the ISO 8601 UTC form, across second and day boundaries", () => {
    assert.equal(oneMillisecondAfter("2030-12-31T23:59:59.999Z"), "2031-01-01T00:00:00.000Z");
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }), (date) => {
        const at = date.toISOString();
        const next = oneMillisecondAfter(at);
        assert.equal(Date.parse(next) - Date.parse(at), 1);
        assert.match(next, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        assert.ok(next > at, "the next instant also sorts after as text");
      }),
    );
  });
});

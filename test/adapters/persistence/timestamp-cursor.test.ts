// Tests for the message list's cursor: the base64 of a created_at, decoded losslessly, and
// anything else refused as invalid_cursor.
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeTimestampCursor, encodeTimestampCursor } from "../../../adapters/persistence/timestamp-cursor.js";

const instants = fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString());

describe("timestamp cursor", () => {
  it("is the plain base64 of the created_at, and decodes back to it", () => {
    assert.equal(encodeTimestampCursor("2030-05-01T08:00:00.000Z"), Buffer.from("2030-05-01T08:00:00.000Z").toString("base64"));
    fc.assert(
      fc.property(instants, (at) => {
        const cursor = encodeTimestampCursor(at);
        assert.match(cursor, /^[A-Za-z0-9]+$/, "no '+', '/' or '=': safe in a URL as it is");
        assert.equal(decodeTimestampCursor(cursor), at);
      }),
    );
  });

  it("refuses whatever is not the base64 of such an instant", () => {
    const bad = [
      "",
      "%%%",
      Buffer.from("2030-05-01").toString("base64"),
      Buffer.from("2030-05-01T08:00:00Z").toString("base64"),
      Buffer.from("2030-02-30T08:00:00.000Z").toString("base64"),
      Buffer.from(" 2030-05-01T08:00:00.000Z").toString("base64"),
      "A".repeat(100),
    ];
    for (const cursor of bad) {
      assert.throws(() => decodeTimestampCursor(cursor), (error: unknown) => (error as { _tag?: string })._tag === "InvalidCursor", cursor);
    }
  });

  it("never throws anything but InvalidCursor, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (cursor) => {
        try {
          decodeTimestampCursor(cursor);
        } catch (error) {
          assert.equal((error as { _tag?: string })._tag, "InvalidCursor");
        }
      }),
    );
  });
});

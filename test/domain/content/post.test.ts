// Properties of the publication rules of posts and lookbooks: who is public when, and which
// `published_at` a write leaves.
import assert from "node:assert/strict";
import fc from "fast-check";
import { contentSlug } from "../../../domain/content/content-slug.js";
import { isLookbookPublic } from "../../../domain/content/lookbook.js";
import { isPostPublic, publishedAtAfterWrite, type PostStatus } from "../../../domain/content/post.js";

const instant = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
const status = fc.constantFrom<PostStatus>("published", "draft", "archived");

describe("content publication rules", function () {
  it("a published post always has a published_at after a write; a given value always wins", function () {
    fc.assert(
      fc.property(status, fc.option(instant, { nil: undefined }), fc.option(instant, { nil: null }), instant, (s, given, current, now) => {
        const result = publishedAtAfterWrite(s, given, current, now);
        if (s === "published") assert.notEqual(result, null);
        if (given !== undefined && given !== null) assert.equal(result, given);
        if (given === undefined && current !== null) assert.equal(result, current, "an earlier publication time is kept");
        if (s !== "published" && given === undefined) assert.equal(result, current, "drafts and archived posts keep what they had");
      }),
    );
  });

  it("publishing a never-published post without a time stamps now", function () {
    assert.equal(publishedAtAfterWrite("published", undefined, null, "2026-11-22T00:00:00.000Z"), "2026-11-22T00:00:00.000Z");
    assert.equal(publishedAtAfterWrite("published", null, "2020-01-01T00:00:00.000Z", "2026-11-22T00:00:00.000Z"), "2026-11-22T00:00:00.000Z");
    assert.equal(publishedAtAfterWrite("draft", null, "2020-01-01T00:00:00.000Z", "2026-11-22T00:00:00.000Z"), null);
  });

  it("only published posts whose time has come are public; lookbooks need only the time", function () {
    fc.assert(
      fc.property(status, fc.option(instant, { nil: null }), instant, (s, publishedAt, now) => {
        const due = publishedAt !== null && Date.parse(publishedAt) <= Date.parse(now);
        assert.equal(isPostPublic({ status: s, publishedAt }, now), s === "published" && due);
        assert.equal(isLookbookPublic({ publishedAt }, now), due);
      }),
    );
  });

  it("slugs titles in the catalog's alphabet, with a fallback for titles with nothing Latin", function () {
    assert.equal(contentSlug("Styling a Nairobi Living Room!", "post"), "styling-a-nairobi-living-room");
    assert.equal(contentSlug("Crème brûlée & café", "post"), "creme-brulee-cafe");
    assert.equal(contentSlug("ケニアのコーヒー", "post"), "post");
    assert.equal(contentSlug("P", "post"), "p");
    fc.assert(fc.property(fc.string(), (title) => assert.match(contentSlug(title, "post"), /^[a-z0-9][a-z0-9-]{0,199}$/)));
  });
});

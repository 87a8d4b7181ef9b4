// The inbox's pure thread rules (docs/staff.md, "Customers and the inbox"): close, reopen, what
// a message does to a closed thread, and whether the store may reply.
import assert from "node:assert/strict";
import {
  isClosed,
  statusAfterClose,
  statusAfterMessage,
  statusAfterReopen,
  storeMayReply,
  type ThreadStatus,
} from "../../../domain/messaging/thread.js";

const STATUSES: readonly ThreadStatus[] = ["active", "resolved", "closed", "escalated", "pending"];

describe("the inbox's thread rules", () => {
  it("closing makes any thread closed; reopening makes closed and resolved ones active and leaves the rest", () => {
    for (const status of STATUSES) assert.equal(statusAfterClose(status), "closed");
    assert.deepEqual(
      STATUSES.map((s) => statusAfterReopen(s)),
      ["active", "active", "active", "escalated", "pending"],
    );
    assert.deepEqual(STATUSES.filter(isClosed), ["resolved", "closed"]);
  });

  it("the customer's message reopens a closed or resolved thread; the store's and the system's change no status", () => {
    assert.deepEqual(
      STATUSES.map((s) => statusAfterMessage(s, "customer")),
      ["active", "active", "active", "escalated", "pending"],
    );
    for (const sender of ["store", "system"] as const) {
      assert.deepEqual(STATUSES.map((s) => statusAfterMessage(s, sender)), STATUSES);
    }
  });

  it("the store replies to any thread but a closed one", () => {
    assert.deepEqual(STATUSES.filter(storeMayReply), ["active", "resolved", "escalated", "pending"]);
  });
});

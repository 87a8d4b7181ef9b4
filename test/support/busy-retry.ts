// Test support: a client that sends again after a 503 with Retry-After, as a client should. Two
// Galera nodes writing the same hot rows lose certification to each other, and a unit of work that
// lost every retry answers 503 busy; the test then sees the answer a patient client would.
import assert from "node:assert/strict";
import type { TestResponse } from "./http-client.js";

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** At most `attempts` sends, waiting up to the advised delay (capped at 1 s) between them; any answer but 503 is final. */
export const sendUntilNotBusy = async (send: () => Promise<TestResponse>, retried: { count: number }, attempts = 10): Promise<TestResponse> => {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status !== 503 || attempt === attempts) return response;
    assert.match(response.headers.get("retry-after") ?? "", /^[1-9]\d*$/, "a 503 carries Retry-After");
    retried.count++;
    await sleep(Math.min(1_000, Number(response.headers.get("retry-after")) * 1_000) * (0.2 + Math.random() * 0.8));
  }
};

/** "201:5 422:35": how many answers had each status. */
export const statusCounts = (responses: readonly { status: number | undefined }[]): string => {
  const counts = new Map<string, number>();
  for (const r of responses) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1);
  return [...counts].sort().map(([status, n]) => `${status}:${n}`).join(" ");
};

// The RequestContext port on Node's AsyncLocalStorage: the HTTP layer runs each write inside
// `withRequestId`, and everything it awaits sees that id.
import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestContext } from "../../application/ports/request-context.js";

const requestIds = new AsyncLocalStorage<string>();

/** Runs `work` with `requestId` as the request every audit record made inside it names. */
export const withRequestId = <T>(requestId: string, work: () => Promise<T>): Promise<T> => requestIds.run(requestId, work);

export class AsyncRequestContext implements RequestContext {
  currentRequestId(): string | undefined {
    return requestIds.getStore();
  }
}

// The request a piece of work runs for (its `Request-Id`), known to the work without being passed
// down every call: the audit log names it (docs/staff.md, "Audit log").
import type { ServiceIdentifier } from "inversify";

export interface RequestContext {
  /** The id of the request the current work runs for; undefined outside a request. */
  currentRequestId(): string | undefined;
}
export const RequestContext: ServiceIdentifier<RequestContext> = Symbol.for("storefront.RequestContext");

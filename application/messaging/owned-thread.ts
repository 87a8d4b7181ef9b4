// Loads a thread for a customer operation: a thread of another store does not exist (404), a
// thread of another customer of this store is not theirs (403).
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { requireOwner } from "../access/ownership.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import type { MessagingRepository, ThreadView } from "../ports/messaging-repository.js";

export const loadOwnedThread = async (
  messaging: MessagingRepository,
  customer: CustomerPrincipal,
  threadId: string,
): Promise<ThreadView> => {
  const thread = await messaging.findThread(customer.storeId, threadId);
  if (thread === undefined) throw new ResourceMissing({ resource: "thread", message: "No such thread." });
  requireOwner(customer, thread.customerId, "thread");
  return thread;
};

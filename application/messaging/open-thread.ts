// Opens a thread from the customer to the store with its first message, in one transaction.
// A product_id must name a product of the store, an order_id an order of the store placed by this
// customer: a thread shows its order's number, so naming another's order would leak it.
import { inject, injectable } from "inversify";
import type { Thread } from "../../domain/messaging/thread.js";
import type { CustomerPrincipal } from "../access/customer-principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { CustomerRepository } from "../ports/customer-repository.js";
import { IdGenerator } from "../ports/id-generator.js";
import { MessagingRepository } from "../ports/messaging-repository.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ProductRepository } from "../ports/product-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import type { OpenThreadInput } from "./messaging-inputs.js";
import { toThreadRecord, type ThreadRecord } from "./messaging-records.js";
import { messageEventData } from "./message-event.js";
import { toMessageRecord } from "./messaging-records.js";
import { newMessage } from "./new-message.js";

@injectable()
export class OpenThread {
  constructor(
    @inject(MessagingRepository) private readonly messaging: MessagingRepository,
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
  ) {}

  /** `livemode`: the mode of the API key the request came with (the `message.created` event's mode). */
  async execute(customer: CustomerPrincipal, input: OpenThreadInput, livemode = false): Promise<ThreadRecord> {
    const storeId = customer.storeId;
    const author = await this.customers.findById(storeId, customer.customerId);
    if (author === undefined) throw new ResourceMissing({ resource: "customer", message: "No such customer." });
    if (input.product_id !== undefined && (await this.products.findById(storeId, input.product_id, { activeOnly: false })) === undefined) {
      throw new ParameterInvalid({ param: "product_id", message: "product_id names no product of this store" });
    }
    if (input.order_id !== undefined) {
      const order = await this.orders.find(storeId, input.order_id);
      if (order === undefined || order.customerId !== customer.customerId) {
        throw new ParameterInvalid({ param: "order_id", message: "order_id names no order of yours in this store" });
      }
    }
    const at = this.clock.now().toISOString();
    const thread: Thread = {
      id: this.ids.newId(),
      customerId: customer.customerId,
      orderId: input.order_id ?? null,
      productId: input.product_id ?? null,
      subject: input.subject,
      threadType: input.thread_type,
      status: "active",
      priority: "normal",
      lastMessageAt: at,
      lastMessageBy: "customer",
      unreadCountCustomer: 0,
      unreadCountStore: 0,
      isArchived: false,
      isMuted: false,
      isPinned: false,
      assigneeId: null,
      createdAt: at,
      updatedAt: at,
    };
    return this.uow.run(async () => {
      await this.messaging.insertThread(storeId, thread);
      const first = newMessage(this.ids.newId(), thread.id, { type: "customer", id: author.id, name: author.name }, input.message, [], at);
      const message = toMessageRecord(await this.messaging.appendMessage(storeId, first));
      const stored = await this.messaging.findThread(storeId, thread.id);
      if (stored === undefined) throw new Error("a thread inserted in this transaction is missing");
      await this.outbox.record({ storeId, type: "message.created", livemode, data: messageEventData(stored, message) });
      return toThreadRecord(stored);
    });
  }
}

import { inject, injectable } from "inversify";
import { isReturnable, returnedQuantities, type OrderReturn } from "../../domain/orders/order-return.js";
import { AuthenticateCustomer } from "../access/authenticate-customer.js";
import type { Principal } from "../access/principal.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { BusinessRuleViolation, ResourceConflict } from "../errors/resource-errors.js";
import { orderMissing } from "../orders/update-order.js";
import { Clock } from "../ports/clock.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { OrderRepository } from "../ports/order-repository.js";
import { ReturnRepository } from "../ports/return-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { ReturnRequestInput, toReturnRecord, type ReturnRecord, returnCustomer, recordReturnEvent } from "./return-changes.js";

/** The customer asks to return lines of one of their orders. */
@injectable()
export class RequestReturn {
  constructor(
    @inject(ReturnRepository) private readonly returns: ReturnRepository,
    @inject(OrderRepository) private readonly orders: OrderRepository,
    @inject(AuthenticateCustomer) private readonly customers: AuthenticateCustomer,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, token: string | undefined, orderId: string, input: ReturnRequestInput): Promise<ReturnRecord> {
    const customerId = await returnCustomer({ customers: this.customers }, principal, token);
    return this.uow.run(async () => {
      const order = await this.orders.lock(principal.storeId, orderId);
      // Another customer's order is answered as missing, like another store's.
      if (order === undefined || order.customerId !== customerId) throw orderMissing();
      if (!isReturnable(order)) {
        throw new ResourceConflict({
          code: "order_not_returnable",
          message: `Only a paid order that was shipped can be returned; this one is ${order.orderStatus}, payment ${order.paymentStatus}.`,
        });
      }
      const held = returnedQuantities(await this.returns.listForOrder(principal.storeId, orderId));
      const asked = new Map<string, number>();
      for (const line of input.lines) asked.set(line.line_id, (asked.get(line.line_id) ?? 0) + line.quantity);
      for (const [lineId, quantity] of asked) {
        const line = order.items.find((item) => item.id === lineId);
        if (line === undefined) throw new ParameterInvalid({ param: "lines", message: `The order has no line ${lineId}.` });
        const left = line.quantity - (held.get(lineId) ?? 0);
        if (quantity > left) {
          throw new BusinessRuleViolation({ code: "return_exceeds_line", param: "lines", message: `Only ${left} unit(s) of line ${lineId} can still be returned.` });
        }
      }
      const at = this.clock.now().toISOString();
      const created: OrderReturn = {
        id: this.ids.newId(),
        orderId,
        customerId,
        status: "requested",
        reason: input.reason,
        lines: [...asked].map(([lineId, quantity]) => ({ lineId, quantity, receivedQuantity: 0, restockedQuantity: 0 })),
        staffNote: null,
        refundId: null,
        livemode: order.livemode,
        createdAt: at,
        updatedAt: at,
      };
      await this.returns.insert(principal.storeId, created);
      await recordReturnEvent({ returns: this.returns, outbox: this.outbox, ids: this.ids }, principal.storeId, created, null, { type: "customer", id: customerId, label: `customer ${customerId}` }, null, {}, "return.requested");
      return toReturnRecord(created);
    });
  }
}

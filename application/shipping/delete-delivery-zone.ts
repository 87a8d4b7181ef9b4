// DeleteDeliveryZone, the use case behind DELETE /v1/shipping/zones/{id}; what it shares with its
// sibling use cases is in delivery-zone-writes.ts.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { ShippingRepository } from "../ports/shipping-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { missing } from "./delivery-zone-writes.js";

@injectable()
export class DeleteDeliveryZone {
  constructor(
    @inject(ShippingRepository) private readonly shipping: ShippingRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.shipping.findZone(principal.storeId, id)) === undefined) throw missing();
      await this.shipping.removeZone(principal.storeId, id);
    });
  }
}

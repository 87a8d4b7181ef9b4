// DeactivateGiftCard, the use case behind DELETE /v1/gift-cards/{id}.
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { UpdateGiftCard } from "./update-gift-card.js";

@injectable()
export class DeactivateGiftCard {
  constructor(
    @inject(UpdateGiftCard) private readonly updateGiftCard: UpdateGiftCard,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.updateGiftCard.execute(principal, id, { status: "inactive" });
  }
}

// The demo store's gift cards (docs/api/demo-store.md, "What the demo store holds"): one card in
// each state a client meets (active, expired, redeemed, inactive), whose codes the seed summary
// prints. Issued through the use case; the redeemed card is spent by the domain's redeem rule, as
// checkout spends one.
import { UpdateGiftCard } from "../../application/gift-cards/update-gift-card.js";
import { DeactivateGiftCard } from "../../application/gift-cards/deactivate-gift-card.js";
import { Either } from "effect";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { IssueGiftCard } from "../../application/gift-cards/issue-gift-card.js";
import { Clock } from "../../application/ports/clock.js";
import { GiftCardRepository } from "../../application/ports/gift-card-repository.js";
import { IdGenerator } from "../../application/ports/id-generator.js";
import { UnitOfWork } from "../../application/ports/unit-of-work.js";
import { redeem } from "../../domain/gift-cards/gift-card-balance.js";
import type { DemoCustomer } from "./seed-demo-store.js";

export interface DemoGiftCards {
  readonly active: string;
  readonly expired: string;
  readonly redeemed: string;
  readonly inactive: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const seedDemoGiftCards = async (
  container: Container,
  principal: Principal,
  customers: readonly DemoCustomer[],
): Promise<DemoGiftCards> => {
  const issue = container.get(IssueGiftCard);
  const updateGiftCard = container.get(UpdateGiftCard);
  const deactivateGiftCard = container.get(DeactivateGiftCard);
  const clock = container.get(Clock);
  const now = clock.now();
  const date = (offsetDays: number): string => new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

  const active = await issue.execute(principal, {
    initial_balance: 5_000,
    expiry_date: date(365),
    customer_id: customers[0]?.id ?? null,
    maximum_usage_percentage: 50,
  });

  const expired = await issue.execute(principal, { initial_balance: 2_500, expiry_date: date(30) });
  // a past expiry date is how a merchant ends a card; the demo card expired a week ago
  await updateGiftCard.execute(principal, expired.id, { expiry_date: date(-7) });

  const redeemed = await issue.execute(principal, { initial_balance: 1_500, expiry_date: date(180) });
  const cards = container.get(GiftCardRepository);
  const ids = container.get(IdGenerator);
  await container.get(UnitOfWork).run(async () => {
    const card = await cards.lock(principal.storeId, redeemed.id);
    if (card === undefined) throw new Error("the demo gift card vanished");
    const spent = redeem(card, card.balance, ids.newId(), clock.now().toISOString());
    if (Either.isLeft(spent)) throw spent.left;
    await cards.applyMove(principal.storeId, spent.right.card, spent.right.entry);
  });

  const inactive = await issue.execute(principal, { initial_balance: 3_000 });
  await deactivateGiftCard.execute(principal, inactive.id);

  return { active: active.code, expired: expired.code, redeemed: redeemed.code, inactive: inactive.code };
};

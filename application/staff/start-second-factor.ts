import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { BusinessRuleViolation } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { StaffRepository } from "../ports/staff-repository.js";
import { StoreRepository } from "../ports/store-repository.js";
import { Totp } from "../ports/totp.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { loadStore } from "../stores/load-store.js";
import { signedInMember } from "./second-factor-rules.js";

/** Starts (or starts again) enrolment: a new secret, not in force until confirmed with a code. */
@injectable()
export class StartSecondFactor {
  constructor(
    @inject(StaffRepository) private readonly staff: StaffRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(Totp) private readonly totp: Totp,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal): Promise<{ readonly secret: string; readonly otpauth_uri: string }> {
    const store = await loadStore(this.stores, principal.storeId);
    return this.uow.run(async () => {
      const member = await signedInMember(this.staff, principal, true);
      if (member.totpEnabled) throw new BusinessRuleViolation({ code: "second_factor_on", message: "The second factor is on already; turn it off first to enrol another device." });
      const secret = this.totp.newSecret();
      await this.staff.update({ ...member, totpSecret: secret, updatedAt: this.clock.now().toISOString() });
      return { secret, otpauth_uri: this.totp.uri(secret, `Storefront ${store.name}`, member.email) };
    });
  }
}

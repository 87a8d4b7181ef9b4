// Registers a customer with a password and signs them in: 201 with the user, the customer, a
// session and a device token. A password the strength estimator scores as weak is a 400
// (password-rules.ts). The email stays unconfirmed until a one-time code is verified. Records
// `customer.created`. A guest cart's session given at registration moves into the new customer's
// cart, as at sign-in.
import { inject, injectable } from "inversify";
import { normaliseEmail } from "../../domain/customers/customer.js";
import type { Principal } from "../access/principal.js";
import { ResourceConflict } from "../errors/resource-errors.js";
import { Clock } from "../ports/clock.js";
import { CustomerRepository, type StoredCustomer } from "../ports/customer-repository.js";
import { EventOutbox } from "../ports/event-outbox.js";
import { IdGenerator } from "../ports/id-generator.js";
import { PasswordHasher } from "../ports/password-hasher.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";
import { MergeSessionCart } from "../carts/merge-session-cart.js";
import { loadStore } from "../stores/load-store.js";
import type { RegisterInput } from "./customer-inputs.js";
import { toCustomerRecord, toUserRecord, type SignInRecord } from "./customer-records.js";
import { SessionIssuer } from "./session-issuer.js";
import { PasswordStrength } from "../ports/password-strength.js";
import { DeviceTokens, deviceFields } from "./device-tokens.js";
import { requireStrongPassword } from "./password-rules.js";

export const emailTaken = (): ResourceConflict =>
  new ResourceConflict({ code: "email_taken", param: "email", message: "A customer with this email already exists in the store." });

@injectable()
export class RegisterCustomer {
  constructor(
    @inject(CustomerRepository) private readonly customers: CustomerRepository,
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(PasswordHasher) private readonly passwords: PasswordHasher,
    @inject(SessionIssuer) private readonly issuer: SessionIssuer,
    @inject(EventOutbox) private readonly outbox: EventOutbox,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(Clock) private readonly clock: Clock,
    @inject(MergeSessionCart) private readonly carts: MergeSessionCart,
    @inject(PasswordStrength) private readonly strength: PasswordStrength,
    @inject(DeviceTokens) private readonly devices: DeviceTokens,
  ) {}

  async execute(principal: Principal, input: RegisterInput, cartSessionId?: string): Promise<SignInRecord> {
    const store = await loadStore(this.stores, principal.storeId);
    const email = normaliseEmail(input.email);
    requireStrongPassword(this.strength, input.password, { email, name: input.name, storeName: store.name });
    if ((await this.customers.findByEmail(store.id, email)) !== undefined) throw emailTaken();
    // Hashing is slow on purpose; it stays outside the transaction.
    const passwordHash = await this.passwords.hash(input.password);
    const now = this.clock.now();
    const at = now.toISOString();
    const customer: StoredCustomer = {
      id: this.ids.newId(),
      email,
      name: input.name,
      phone: input.phone ?? null,
      address: input.address === undefined || input.address === "" ? null : input.address,
      status: "active",
      emailConfirmed: false,
      joinDate: at.slice(0, 10),
      totalPurchases: 0,
      totalSpent: 0,
      firstPurchaseAt: null,
      lastPurchaseAt: null,
      createdAt: at,
      updatedAt: at,
      passwordHash,
      blockedAt: null,
      blockReason: null,
    };
    return this.uow.run(async () => {
      await this.customers.insert(store.id, customer);
      if (cartSessionId !== undefined) await this.carts.execute(store.id, cartSessionId, customer.id);
      const session = await this.issuer.open(store.id, customer.id);
      const record = toCustomerRecord(customer, store, now);
      await this.outbox.record({ storeId: store.id, type: "customer.created", livemode: principal.mode === "live", data: { customer: record } });
      return { message: "Registered.", user: toUserRecord(customer), customer: record, session, ...deviceFields(this.devices.issue(store, customer.id)) };
    });
  }
}

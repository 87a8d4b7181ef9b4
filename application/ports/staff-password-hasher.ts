// Staff passwords: argon2id (adapters/system/argon2-password-hasher.ts), apart from customers'
// scrypt (PasswordHasher), so each can be tuned, and changed, on its own.
import type { ServiceIdentifier } from "inversify";
import type { PasswordHasher } from "./password-hasher.js";

export type StaffPasswordHasher = PasswordHasher;
export const StaffPasswordHasher: ServiceIdentifier<StaffPasswordHasher> = Symbol.for("storefront.StaffPasswordHasher");

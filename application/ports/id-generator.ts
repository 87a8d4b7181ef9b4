// New record ids. UUID v7 in production so ids sort by creation time.
import type { ServiceIdentifier } from "inversify";

export interface IdGenerator {
  newId(): string;
}
export const IdGenerator: ServiceIdentifier<IdGenerator> = Symbol.for("storefront.IdGenerator");

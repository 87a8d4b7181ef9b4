// Record ids as UUID v7: unique, and sortable by creation time.
import { injectable } from "inversify";
import { v7 } from "uuid";
import type { IdGenerator } from "../../application/ports/id-generator.js";

@injectable()
export class UuidV7IdGenerator implements IdGenerator {
  newId(): string {
    return v7();
  }
}

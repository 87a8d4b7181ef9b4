// Who is calling: the store and mode an API key grants. Every use case is scoped by it.
import type { KeyType, Mode } from "../../domain/access/api-key.js";

export interface Principal {
  readonly storeId: string;
  readonly keyId: string;
  readonly keyType: KeyType;
  readonly mode: Mode;
}

// Loads the caller's store; a principal always names an existing store, so a miss is a bug
// or a store deleted a moment ago, answered as an unknown key.
import { InvalidApiKey } from "../errors/access-errors.js";
import type { StoreRepository } from "../ports/store-repository.js";
import type { Store } from "../../domain/stores/store.js";

/** `options`: as `StoreRepository.findById` (a write reads its store `fresh`, in its transaction). */
export const loadStore = async (stores: StoreRepository, storeId: string, options?: { readonly fresh?: boolean; readonly forUpdate?: boolean }): Promise<Store> => {
  const store = await stores.findById(storeId, options);
  if (store === undefined) throw new InvalidApiKey({ message: "The API key's store no longer exists." });
  return store;
};

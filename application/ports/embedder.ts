// Turns texts into vectors whose cosine says how close their meanings are. The offline adapter
// averages shipped word vectors; another calls an OpenAI-compatible /v1/embeddings server.
import type { ServiceIdentifier } from "inversify";

export interface Embedder {
  /** Names the vector space; vectors of different models are never compared. */
  readonly model: string;
  /**
   * Computes in this process, cheaply: vectors are then made inside catalog writes and over a
   * store's vocabulary. A remote model's vectors are made when a search first needs them.
   */
  readonly local?: boolean;
  /** One vector per text, in order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
export const Embedder: ServiceIdentifier<Embedder> = Symbol.for("storefront.Embedder");

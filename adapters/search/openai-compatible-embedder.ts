// An embedder for stores that run a model server: POST {baseUrl}/v1/embeddings with
// {model, input: [...]} and a Bearer key (OpenAI's API, which vLLM, Ollama, LocalAI, llama.cpp
// and others also serve). Batched, with a timeout; answers are decoded with a Schema.
import { Either, ParseResult, Schema } from "effect";
import type { Embedder } from "../../application/ports/embedder.js";

export interface OpenAiEmbedderSettings {
  /** e.g. http://127.0.0.1:8080 (a trailing /v1 is accepted too). */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey?: string | undefined;
  readonly timeoutMs: number;
  readonly batchSize: number;
}

const EmbeddingsAnswer = Schema.Struct({
  data: Schema.Array(Schema.Struct({ index: Schema.Int.pipe(Schema.nonNegative()), embedding: Schema.Array(Schema.Number) })),
});

export class EmbeddingServiceFailed extends Error {
  override readonly name = "EmbeddingServiceFailed";
}

export class OpenAiCompatibleEmbedder implements Embedder {
  readonly model: string;
  private readonly endpoint: string;

  constructor(private readonly settings: OpenAiEmbedderSettings) {
    this.model = `openai:${settings.model}`;
    this.endpoint = `${settings.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/embeddings`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.settings.batchSize) {
      out.push(...(await this.batch(texts.slice(i, i + this.settings.batchSize))));
    }
    return out;
  }

  private async batch(input: readonly string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.settings.apiKey !== undefined) headers.authorization = `Bearer ${this.settings.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: this.settings.model, input }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new EmbeddingServiceFailed(`embedding server unreachable or too slow: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new EmbeddingServiceFailed(`embedding server answered ${response.status}: ${text.slice(0, 200)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new EmbeddingServiceFailed("embedding server answered something other than JSON");
    }
    const decoded = Schema.decodeUnknownEither(EmbeddingsAnswer)(json);
    if (Either.isLeft(decoded)) {
      throw new EmbeddingServiceFailed(`embedding server answer not understood: ${ParseResult.TreeFormatter.formatErrorSync(decoded.left)}`);
    }
    const vectors: Float32Array[] = new Array(input.length);
    for (const item of decoded.right.data) {
      if (item.index < input.length) vectors[item.index] = Float32Array.from(item.embedding);
    }
    for (let i = 0; i < input.length; i++) {
      if (vectors[i] === undefined) throw new EmbeddingServiceFailed(`embedding server left out input ${i}`);
    }
    return vectors;
  }
}

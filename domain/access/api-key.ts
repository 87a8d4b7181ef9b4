// API keys: their public shape (svc_sk_live_..., svc_pk_test_...) and what each kind may do.
// Parsing the shape is pure; looking a key up and hashing it belong to the outer rings.
import { Option, Schema } from "effect";

export const KeyType = Schema.Literal("secret", "publishable");
export type KeyType = typeof KeyType.Type;

export const Mode = Schema.Literal("live", "test");
export type Mode = typeof Mode.Type;

/**
 * What a route needs from the caller's key. `public` needs none: only for callers that cannot
 * hold our key (payment providers posting their notifications), and such a route finds its store
 * from what it is sent.
 */
export type Access = "secret" | "publishable" | "public";

const KEY_PATTERN = /^svc_(sk|pk)_(live|test)_[A-Za-z0-9]{32,128}$/;

export const API_KEY_RANDOM_LENGTH = 40;

export interface ApiKeyShape {
  readonly type: KeyType;
  readonly mode: Mode;
}

export const parseApiKey = (raw: string): Option.Option<ApiKeyShape> => {
  const match = KEY_PATTERN.exec(raw);
  if (match === null) return Option.none();
  return Option.some({
    type: match[1] === "sk" ? "secret" : "publishable",
    mode: match[2] as Mode,
  });
};

export const apiKeyPrefix = (type: KeyType, mode: Mode): string =>
  `svc_${type === "secret" ? "sk" : "pk"}_${mode}_`;

/** A secret key may do everything a publishable key may, and more. */
export const keyPermits = (type: KeyType, needed: Access): boolean =>
  needed === "public" || needed === "publishable" || type === "secret";

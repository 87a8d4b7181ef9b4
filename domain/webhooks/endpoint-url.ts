// The syntactic rules for a webhook endpoint's URL (docs/api/webhooks.md, "Endpoints"): absolute,
// https (http only when private targets are allowed, for development), no credentials, at most 2048
// characters. Where the host points is checked by the adapter that resolves it, at creation and at
// each send.
import { Either } from "effect";

export const MAX_ENDPOINT_URL_LENGTH = 2048;

export const checkEndpointUrl = (text: string, allowPrivate: boolean): Either.Either<URL, string> => {
  if (text.length > MAX_ENDPOINT_URL_LENGTH) return Either.left(`url must be at most ${MAX_ENDPOINT_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return Either.left("url must be an absolute URL such as https://example.com/webhooks");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return Either.left("url must use https (for local development, STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 allows http and private addresses)");
  if (url.username !== "" || url.password !== "") return Either.left("url must not carry a user name or password");
  if (url.hostname === "") return Either.left("url must name a host");
  return Either.right(url);
};

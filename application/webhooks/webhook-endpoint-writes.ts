// The merchant's webhook endpoints (secret key): create (the secret shown once), list, read,
// edit, delete and rotate the secret (the old one keeps signing beside the new one for 24 h).
// This module holds what the use cases CreateWebhookEndpoint, ListWebhookEndpoints,
// GetWebhookEndpoint, UpdateWebhookEndpoint, DeleteWebhookEndpoint and RotateWebhookSecret share
// (one class a file, docs/architecture.md, the application/ ring).
import { Either } from "effect";
import { checkEndpointUrl } from "../../domain/webhooks/endpoint-url.js";
import { WEBHOOK_SECRET_BYTES, webhookSecretFrom } from "../../domain/webhooks/webhook-message.js";
import { ParameterInvalid } from "../errors/request-errors.js";
import { ResourceMissing } from "../errors/resource-errors.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { WebhookTargetGuard } from "../ports/webhook-transport.js";
import { WebhookSettings } from "./webhook-settings.js";

export const webhookEndpointMissing = (): ResourceMissing =>
  new ResourceMissing({ resource: "webhook_endpoint", message: "No such webhook endpoint." });

export async function checkedWebhookUrl(deps: { readonly guard: WebhookTargetGuard; readonly settings: WebhookSettings }, text: string): Promise<string> {
  const checked = checkEndpointUrl(text, deps.settings.allowPrivate);
  if (Either.isLeft(checked)) throw new ParameterInvalid({ param: "url", message: checked.left });
  if (!deps.settings.allowPrivate) {
    const refusal = await deps.guard.refusal(checked.right);
    if (refusal !== undefined) throw new ParameterInvalid({ param: "url", message: refusal });
  }
  return text;
}

export function newWebhookSecret(deps: { readonly secrets: SecretGenerator }): string {
  return webhookSecretFrom(deps.secrets.randomBytes(WEBHOOK_SECRET_BYTES));
}

// A customer's email preferences over HTTP (docs/api/customers.md, "Email preferences"): the
// optional emails they get, and the state of their address; the customer's token must be theirs.
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../../../application/access/authenticate-customer.js";
import { EmailPreferencesInput } from "../../../application/emails/email-inputs.js";
import { GetEmailPreferences } from "../../../application/emails/get-email-preferences.js";
import { UpdateEmailPreferences } from "../../../application/emails/update-email-preferences.js";
import { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { emailPreferenceExamples } from "./email-preference-examples.js";

const TAG = "Customers";

const ById = Schema.Struct({ id: Schema.propertySignature(Schema.UUID).annotations({ description: "The customer's id." }) });

const EmailPreferences = Schema.Struct({
  emails: Schema.Array(
    Schema.Struct({
      key: TemplateKey.annotations({ description: "The email's key (docs/emails.md, \"What is sent when\")." }),
      title: Schema.String.annotations({ description: "What the email is." }),
      optional: Schema.Boolean.annotations({ description: "True when the customer may turn it off; the others are needed for the order and always sent." }),
      enabled: Schema.Boolean.annotations({ description: "Whether the customer gets it." }),
    }),
  ).annotations({ description: "Every email a customer may get (docs/emails.md, \"What is sent when\")." }),
  email_status: Schema.Literal("ok", "bouncing", "malformed").annotations({
    description: "`bouncing`: the mail server refused the address for good; `malformed`: it is not an address; no email is sent while it is either. Saving the preferences sets it back to `ok`.",
  }),
  email_status_reason: Schema.NullOr(Schema.String).annotations({ description: "The mail server's answer, or why the address is malformed." }),
  email_status_at: Schema.NullOr(Schema.String).annotations({ description: "When the address was marked (ISO 8601, UTC)." }),
}).annotations({ identifier: "EmailPreferences" });

@injectable()
export class EmailPreferenceRoutes implements RouteModule {
  constructor(
    @inject(GetEmailPreferences) private readonly getPreferences: GetEmailPreferences,
    @inject(UpdateEmailPreferences) private readonly updatePreferences: UpdateEmailPreferences,
    @inject(AuthenticateCustomer) private readonly authenticate: AuthenticateCustomer,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getEmailPreferences",
        method: "GET",
        path: "/v1/customers/{id}/email-preferences",
        summary: "Which emails the customer gets, and whether their address bounced",
        description:
          "Any key with the customer's `x-auth-token`, whose customer must be the one asked for (403 `forbidden` otherwise). Every email a customer may get, whether it may be turned off and whether it is on, and the state of the customer's address.",
        tag: TAG,
        example: emailPreferenceExamples.getEmailPreferences,
        access: "publishable",
        params: ById,
        headers: [customerTokenHeader],
        errors: [403, 404],
        success: { status: 200, description: "The customer's email preferences.", schema: EmailPreferences },
        handle: async ({ principal, params, ctx }) => this.getPreferences.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), params.id),
      }),
      defineRoute({
        operationId: "updateEmailPreferences",
        method: "PUT",
        path: "/v1/customers/{id}/email-preferences",
        summary: "Turn optional emails off or on",
        description:
          "Secret key with the customer's `x-auth-token`, whose customer must be the one asked for. Replaces the list of optional emails the customer does not want (`order_delivered`, `message_reply`); an email the order needs (its confirmation, payment, shipping, cancellation, refunds, returns) cannot be turned off: naming one is a 400 `parameter_invalid` naming it (`turned_off[0]`). Saving also sets a `bouncing` or `malformed` address back to `ok`.",
        tag: TAG,
        example: emailPreferenceExamples.updateEmailPreferences,
        access: "secret",
        params: ById,
        body: EmailPreferencesInput,
        headers: [customerTokenHeader],
        errors: [403, 404],
        success: { status: 200, description: "The customer's email preferences.", schema: EmailPreferences },
        handle: async ({ principal, params, body, ctx }) => this.updatePreferences.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), params.id, body),
      }),
    ];
  }
}

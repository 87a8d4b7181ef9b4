// A local stand-in for Safaricom's Daraja API: the OAuth token (Basic consumer key:secret), the
// STK push (checks the password built from shortcode, passkey and timestamp, and the field
// limits), the STK push query (with Daraja's "still processing" 500), and the result callback;
// and the reversal API (Initiator and SecurityCredential, a receipt of a paid push, accepted at
// once with a ConversationID, its result posted later to the ResultURL).
import { randomBytes } from "node:crypto";
import { FakeProviderServer, isJson, parseJsonBody, postNotification, type FakeAnswer, type Route } from "./fake-provider-server.js";

export interface FakeStkPush {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  /** undefined while the customer has not answered. */
  resultCode: number | undefined;
  resultDesc: string;
  receipt: string | undefined;
}

export interface FakeReversal {
  conversationId: string;
  originatorConversationId: string;
  transactionId: string;
  amount: number;
  resultUrl: string;
  remarks: string;
}

const darajaError = (status: number, errorCode: string, errorMessage: string): FakeAnswer => ({
  status,
  body: { requestId: `${randomBytes(4).toString("hex")}-${Date.now()}`, errorCode, errorMessage },
});

export class FakeDaraja extends FakeProviderServer {
  readonly pushes = new Map<string, FakeStkPush>();
  readonly reversals = new Map<string, FakeReversal>();
  readonly initiator = "testapi";
  readonly securityCredential = "FakeSecurityCredentialBase64==";
  private readonly tokens = new Set<string>();
  /** Seconds a token lives, as Daraja answers it. */
  tokenLifetimeSeconds = 3599;

  constructor(
    readonly consumerKey = "fakeConsumerKey",
    readonly consumerSecret = "fakeConsumerSecret",
    readonly shortcode = "174379",
    readonly passkey = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  ) {
    super();
  }

  /** Every issued token stops working (Daraja's tokens expire after an hour). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private checkToken(headers: Record<string, unknown>): FakeAnswer | undefined {
    const header = String(headers["authorization"] ?? "");
    if (!header.startsWith("Bearer ") || !this.tokens.has(header.slice("Bearer ".length))) {
      return darajaError(401, "404.001.03", "Invalid Access Token");
    }
    return undefined;
  }

  private checkPassword(body: Record<string, unknown>): FakeAnswer | undefined {
    if (body["BusinessShortCode"] !== this.shortcode) return darajaError(400, "400.002.02", "Bad Request - Invalid BusinessShortCode");
    const timestamp = String(body["Timestamp"] ?? "");
    if (!/^\d{14}$/.test(timestamp)) return darajaError(400, "400.002.02", "Bad Request - Invalid Timestamp");
    const expected = Buffer.from(`${this.shortcode}${this.passkey}${timestamp}`).toString("base64");
    if (body["Password"] !== expected) return darajaError(500, "500.001.1001", "Merchant does not exist");
    return undefined;
  }

  protected routes(): readonly Route[] {
    return [
      {
        name: "GET /oauth/v1/generate",
        method: "GET",
        pattern: /^\/oauth\/v1\/generate$/,
        handle: (call) => {
          if (!call.path.includes("grant_type=client_credentials")) return darajaError(400, "400.008.02", "Invalid grant type passed");
          const expected = `Basic ${Buffer.from(`${this.consumerKey}:${this.consumerSecret}`).toString("base64")}`;
          if (call.headers["authorization"] !== expected) return darajaError(400, "400.008.01", "Invalid Authentication passed");
          const token = randomBytes(14).toString("base64url");
          this.tokens.add(token);
          return { status: 200, body: { access_token: token, expires_in: String(this.tokenLifetimeSeconds) } };
        },
      },
      {
        name: "POST /mpesa/stkpush/v1/processrequest",
        method: "POST",
        pattern: /^\/mpesa\/stkpush\/v1\/processrequest$/,
        handle: (call) => {
          const denied = this.checkToken(call.headers);
          if (denied !== undefined) return denied;
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return darajaError(400, "400.002.05", "Invalid Request Payload");
          const wrong = this.checkPassword(body);
          if (wrong !== undefined) return wrong;
          if (body["TransactionType"] !== "CustomerPayBillOnline") return darajaError(400, "400.002.02", "Bad Request - Invalid TransactionType");
          if (typeof body["Amount"] !== "number" || !Number.isInteger(body["Amount"]) || body["Amount"] < 1) {
            return darajaError(400, "400.002.02", "Bad Request - Invalid Amount");
          }
          const phone = String(body["PhoneNumber"] ?? "");
          if (!/^254\d{9}$/.test(phone) || body["PartyA"] !== phone) return darajaError(400, "400.002.02", "Bad Request - Invalid PhoneNumber");
          if (body["PartyB"] !== this.shortcode) return darajaError(400, "400.002.02", "Bad Request - Invalid PartyB");
          const callbackUrl = String(body["CallBackURL"] ?? "");
          if (!/^https?:\/\/\S+$/.test(callbackUrl)) return darajaError(400, "400.002.02", "Bad Request - Invalid CallBackURL");
          const accountReference = String(body["AccountReference"] ?? "");
          if (accountReference === "" || accountReference.length > 12) return darajaError(400, "400.002.02", "Bad Request - Invalid AccountReference");
          const description = String(body["TransactionDesc"] ?? "");
          if (description === "" || description.length > 13) return darajaError(400, "400.002.02", "Bad Request - Invalid TransactionDesc");
          const checkoutRequestId = `ws_CO_${Date.now()}${randomBytes(3).toString("hex")}`;
          const merchantRequestId = `${randomBytes(4).toString("hex")}-${randomBytes(4).toString("hex")}-1`;
          this.pushes.set(checkoutRequestId, {
            merchantRequestId,
            checkoutRequestId,
            amount: body["Amount"],
            phone,
            accountReference,
            callbackUrl,
            resultCode: undefined,
            resultDesc: "",
            receipt: undefined,
          });
          return {
            status: 200,
            body: {
              MerchantRequestID: merchantRequestId,
              CheckoutRequestID: checkoutRequestId,
              ResponseCode: "0",
              ResponseDescription: "Success. Request accepted for processing",
              CustomerMessage: "Success. Request accepted for processing",
            },
          };
        },
      },
      {
        name: "POST /mpesa/stkpushquery/v1/query",
        method: "POST",
        pattern: /^\/mpesa\/stkpushquery\/v1\/query$/,
        handle: (call) => {
          const denied = this.checkToken(call.headers);
          if (denied !== undefined) return denied;
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return darajaError(400, "400.002.05", "Invalid Request Payload");
          const wrong = this.checkPassword(body);
          if (wrong !== undefined) return wrong;
          const push = this.pushes.get(String(body["CheckoutRequestID"] ?? ""));
          if (push === undefined) return darajaError(400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
          if (push.resultCode === undefined) return darajaError(500, "500.001.1001", "The transaction is being processed");
          return {
            status: 200,
            body: {
              ResponseCode: "0",
              ResponseDescription: "The service request has been accepted successsfully",
              MerchantRequestID: push.merchantRequestId,
              CheckoutRequestID: push.checkoutRequestId,
              ResultCode: String(push.resultCode),
              ResultDesc: push.resultDesc,
            },
          };
        },
      },
      {
        name: "POST /mpesa/reversal/v1/request",
        method: "POST",
        pattern: /^\/mpesa\/reversal\/v1\/request$/,
        handle: (call) => {
          const denied = this.checkToken(call.headers);
          if (denied !== undefined) return denied;
          const body = isJson(call) ? parseJsonBody(call) : undefined;
          if (body === undefined) return darajaError(400, "400.002.05", "Invalid Request Payload");
          if (body["Initiator"] !== this.initiator || body["SecurityCredential"] !== this.securityCredential) {
            return darajaError(400, "400.002.02", "Bad Request - Invalid Initiator or SecurityCredential");
          }
          if (body["CommandID"] !== "TransactionReversal") return darajaError(400, "400.002.02", "Bad Request - Invalid CommandID");
          if (body["ReceiverParty"] !== this.shortcode || body["RecieverIdentifierType"] !== "11") return darajaError(400, "400.002.02", "Bad Request - Invalid ReceiverParty");
          const transactionId = String(body["TransactionID"] ?? "");
          const push = [...this.pushes.values()].find((p) => p.receipt === transactionId);
          if (push === undefined) return darajaError(400, "400.002.02", "Bad Request - Invalid TransactionID");
          if (typeof body["Amount"] !== "number" || !Number.isInteger(body["Amount"]) || body["Amount"] < 1 || body["Amount"] > push.amount) {
            return darajaError(400, "400.002.02", "Bad Request - Invalid Amount");
          }
          const resultUrl = String(body["ResultURL"] ?? "");
          if (!/^https?:\/\/\S+$/.test(resultUrl) || !/^https?:\/\/\S+$/.test(String(body["QueueTimeOutURL"] ?? ""))) {
            return darajaError(400, "400.002.02", "Bad Request - Invalid ResultURL");
          }
          const conversationId = `AG_${new Date().toISOString().slice(0, 10).replace(/-/g, "")}_${randomBytes(10).toString("hex")}`;
          const originatorConversationId = `${randomBytes(4).toString("hex")}-${randomBytes(4).toString("hex")}-1`;
          this.reversals.set(conversationId, {
            conversationId,
            originatorConversationId,
            transactionId,
            amount: body["Amount"],
            resultUrl,
            remarks: String(body["Remarks"] ?? ""),
          });
          return {
            status: 200,
            body: {
              OriginatorConversationID: originatorConversationId,
              ConversationID: conversationId,
              ResponseCode: "0",
              ResponseDescription: "Accept the service request successfully.",
            },
          };
        },
      },
    ];
  }

  reversal(conversationId: string): FakeReversal {
    const found = this.reversals.get(conversationId);
    if (found === undefined) throw new Error(`no fake reversal ${conversationId}`);
    return found;
  }

  /** Daraja posts the reversal's result to its ResultURL (or to `url`): 0 reversed, else refused with `resultDesc`. */
  async sendReversalResult(
    conversationId: string,
    resultCode = 0,
    resultDesc = "The service request is processed successfully.",
    url = this.reversal(conversationId).resultUrl,
  ): Promise<{ status: number; body: string }> {
    const reversal = this.reversal(conversationId);
    return postNotification(
      url,
      JSON.stringify({
        Result: {
          ResultType: 0,
          ResultCode: resultCode,
          ResultDesc: resultDesc,
          OriginatorConversationID: reversal.originatorConversationId,
          ConversationID: reversal.conversationId,
          TransactionID: `R${randomBytes(4).toString("hex").toUpperCase()}`,
        },
      }),
    );
  }

  push(checkoutRequestId: string): FakeStkPush {
    const found = this.pushes.get(checkoutRequestId);
    if (found === undefined) throw new Error(`no fake STK push ${checkoutRequestId}`);
    return found;
  }

  /** The customer enters the PIN. */
  approve(checkoutRequestId: string): void {
    const push = this.push(checkoutRequestId);
    push.resultCode = 0;
    push.resultDesc = "The service request is processed successfully.";
    push.receipt = `T${randomBytes(5).toString("hex").toUpperCase()}`;
  }

  /** The customer cancels (1032), or the prompt times out (1037), or another result code. */
  decline(checkoutRequestId: string, resultCode = 1032, resultDesc = "Request Cancelled by user"): void {
    const push = this.push(checkoutRequestId);
    push.resultCode = resultCode;
    push.resultDesc = resultDesc;
  }

  callbackBody(checkoutRequestId: string): string {
    const push = this.push(checkoutRequestId);
    if (push.resultCode === undefined) throw new Error("the customer has not answered yet");
    return JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: push.merchantRequestId,
          CheckoutRequestID: push.checkoutRequestId,
          ResultCode: push.resultCode,
          ResultDesc: push.resultDesc,
          ...(push.resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: "Amount", Value: push.amount },
                    { Name: "MpesaReceiptNumber", Value: push.receipt },
                    { Name: "TransactionDate", Value: 20260101120000 },
                    { Name: "PhoneNumber", Value: Number(push.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    });
  }

  /** Posts the result to the CallBackURL the push named, as Daraja does. */
  async sendCallback(checkoutRequestId: string, url = this.push(checkoutRequestId).callbackUrl): Promise<{ status: number; body: string }> {
    return postNotification(url, this.callbackBody(checkoutRequestId));
  }
}

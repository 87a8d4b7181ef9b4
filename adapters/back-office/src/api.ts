// The one admin client of the app (the typed `storefront/admin-client`, same origin: the staff
// session's cookie goes by itself, the CSRF token from its cookie on every write), and how an
// API error is told to a person: what went wrong, and what to do about it.
import { createAdminClient, type components } from "storefront/admin-client";

export const api = createAdminClient({ baseUrl: window.location.origin });

export type ApiError = components["schemas"]["Error"];

/** An error answer kept with its HTTP status (and the parameter at fault, when the API names one), thrown by queries and mutations. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly param?: string,
  ) {
    super(message);
  }
}

const isApiError = (body: unknown): body is ApiError =>
  typeof body === "object" && body !== null && "error" in body && typeof (body as ApiError).error?.message === "string";

/** Unwraps an openapi-fetch answer: its data, or an ApiProblem. */
export const answer = <T>(result: { data?: T; error?: unknown; response: Response }): T => {
  if (result.error !== undefined || result.data === undefined) {
    const body = result.error;
    if (isApiError(body)) throw new ApiProblem(result.response.status, body.error.code, body.error.message, body.error.request_id, body.error.param);
    throw new ApiProblem(result.response.status, "unexpected_answer", `The server answered ${result.response.status}.`, result.response.headers.get("Request-Id") ?? undefined);
  }
  return result.data;
};

/** Unwraps an answer with no body (a 204 delete): nothing on success, else the API's refusal as an ApiProblem. */
export const noContent = (result: { error?: unknown; response: Response }): void => {
  if (!result.response.ok) answer(result);
};

/** What to do next, by the kind of failure. */
const advice = (problem: ApiProblem): string => {
  // A wrong password or code is the person's to correct (the message says which); a second
  // factor asked for is the sign-in's next step; any other 401 is a session that ended.
  if (problem.code === "invalid_credentials" || problem.code === "invalid_code") return "Check it and try again.";
  if (problem.code === "second_factor_required") return "";
  if (problem.status === 401) return "Sign in again.";
  if (problem.status === 403 && problem.code === "csrf_token_invalid") return "Reload the page and try again.";
  if (problem.status === 403) return "Your role may not do this: ask an owner or a manager.";
  if (problem.status === 404) return "It may have been removed: go back to the list.";
  if (problem.status === 409) return "Someone changed it meanwhile: reload and try again.";
  if (problem.status === 429) return "Too many attempts: wait a minute, then try again.";
  if (problem.status >= 500) return `Try again in a moment; if it goes on, quote request ${problem.requestId ?? "(no id)"}.`;
  return "Correct it and try again.";
};

/** One sentence for a person: what the server said, then what to do. */
export const explain = (error: unknown): string => {
  if (error instanceof ApiProblem) return `${error.message} ${advice(error)}`.trim();
  if (error instanceof TypeError) return "The server could not be reached: check the connection, then try again.";
  return error instanceof Error ? error.message : String(error);
};

/** A fresh key per attempt of a write that takes one (a retry of the same attempt reuses it). */
export const newIdempotencyKey = (prefix: string): string => `${prefix}-${crypto.randomUUID()}`;

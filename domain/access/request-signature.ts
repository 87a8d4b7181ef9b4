// Signed requests (docs/api/keys-and-auth.md, "Signed requests"): the string that is signed and the
// time window a timestamp must fall in. Computing the HMAC itself is I/O-free but needs a crypto
// library, so it sits behind a port; this file holds the rules.
export const SIGNATURE_WINDOW_SECONDS = 300;

/** `<timestamp>.<raw JSON body>`, exactly the bytes the client signed. */
export const signedPayload = (timestamp: string, rawBody: string): string => `${timestamp}.${rawBody}`;

/** The X-Timestamp header as whole Unix seconds, or undefined when it is not one. */
export const parseTimestamp = (header: string): number | undefined =>
  /^\d{1,12}$/.test(header) ? Number(header) : undefined;

/** At most 300 s older or newer than the server clock. */
export const withinWindow = (timestampSeconds: number, nowMs: number, windowSeconds = SIGNATURE_WINDOW_SECONDS): boolean =>
  Math.abs(nowMs / 1000 - timestampSeconds) <= windowSeconds;

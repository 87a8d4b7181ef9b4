// The Retry-After header of a receiver's answer (RFC 9110 section 10.2.3): delay seconds or an
// HTTP date. Anything else is ignored rather than guessed at.
export const parseRetryAfterMs = (header: string | undefined, nowMs: number): number | undefined => {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1_000;
  // An HTTP date names its weekday and GMT; Date.parse alone accepts far looser text.
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
};

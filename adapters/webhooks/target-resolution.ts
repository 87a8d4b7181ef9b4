// Resolves an endpoint's host once and judges every address it resolves to. The transport then
// connects to the address judged here, so a DNS answer that changes afterwards (rebinding) is
// never used. The resolver is injectable so that tests can play a rebinding DNS server.
import { lookup } from "node:dns/promises";
import { injectable } from "inversify";
import type { WebhookTargetGuard } from "../../application/ports/webhook-transport.js";
import { addressRefusal, bareHostname, isIpLiteral } from "./address-policy.js";

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const RESOLVE_TIMEOUT_MS = 5_000;

export type Resolution =
  | { readonly kind: "address"; readonly address: ResolvedAddress }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "unresolved"; readonly reason: string };

export const resolveTarget = async (url: URL, resolver: HostResolver, allowPrivate: boolean): Promise<Resolution> => {
  const host = bareHostname(url);
  let addresses: readonly ResolvedAddress[];
  if (isIpLiteral(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        resolver(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`DNS lookup of ${host} timed out`)), RESOLVE_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
      return { kind: "unresolved", reason: `${host} does not resolve${code !== undefined ? ` (${code})` : ""}` };
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) return { kind: "unresolved", reason: `${host} does not resolve` };
  if (!allowPrivate) {
    // Every address is judged: a name with one public and one private address is refused.
    for (const { address } of addresses) {
      const range = addressRefusal(address);
      if (range !== undefined) {
        return { kind: "refused", reason: `url must not point to a private, loopback or link-local address (${host} resolves to ${address}: ${range})` };
      }
    }
  }
  return { kind: "address", address: addresses[0]! };
};

/** The check at creation and edit: a refused address is a 400; a name that does not resolve yet passes. */
@injectable()
export class DnsWebhookTargetGuard implements WebhookTargetGuard {
  constructor(private readonly resolver: HostResolver = systemResolver) {}

  async refusal(url: URL): Promise<string | undefined> {
    const resolution = await resolveTarget(url, this.resolver, false);
    return resolution.kind === "refused" ? resolution.reason : undefined;
  }
}

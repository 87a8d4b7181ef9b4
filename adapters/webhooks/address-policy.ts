// Which IP addresses may receive webhooks: public unicast only. Private, loopback, link-local,
// unique-local, carrier-grade NAT, multicast, unspecified, reserved, documentation and the
// translation ranges that can embed any IPv4 address (6to4, Teredo, NAT64) are refused;
// an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Why `address` may not receive webhooks (the name of its range), or undefined when it may. */
export const addressRefusal = (address: string): string | undefined => {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? undefined : range;
};

/** A URL's hostname without the brackets of an IPv6 literal. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

export const isIpLiteral = (host: string): boolean => isIP(host) !== 0;

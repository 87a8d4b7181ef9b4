// Whether an address can be mailed at all (docs/emails.md, "Bounces and malformed addresses"): one
// `@`, a local part and a domain with a dot, no spaces or control characters, at most 254
// characters. An address that fails this is marked malformed on the customer and never sent to.
const ADDRESS = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export const isMailableAddress = (address: string): boolean => address.length <= 254 && ADDRESS.test(address) && !/[\u0000-\u001f\u007f]/.test(address);

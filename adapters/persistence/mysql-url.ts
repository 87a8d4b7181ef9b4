// Reads a MySQL/MariaDB URL that may list several hosts of one cluster
// (mysql://user:password@host1:3306,host2:3306,host3/database), with a reason when it is malformed.
import { Either } from "effect";

export interface MysqlHost {
  readonly host: string;
  readonly port: number;
}

export interface MysqlUrl {
  /** In the order given: the first usable one is connected to. */
  readonly hosts: readonly MysqlHost[];
  readonly user: string;
  readonly password: string;
  readonly database: string;
}

const DEFAULT_PORT = 3306;
const MAX_HOSTS = 16;
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV6 = /^\[[0-9A-Fa-f:.]+\]$/;
/** Empty only for a URL to the server itself (tools and tests); the configuration requires a name. */
const DATABASE = /^[A-Za-z0-9_$-]{0,64}$/;

const decode = (text: string, what: string): Either.Either<string, string> => {
  try {
    return Either.right(decodeURIComponent(text));
  } catch {
    return Either.left(`has a ${what} that is not valid percent-encoding`);
  }
};

const parseHost = (text: string, position: number, count: number): Either.Either<MysqlHost, string> => {
  const which = count > 1 ? `host ${position} ("${text}")` : `host "${text}"`;
  if (text === "") return Either.left(count > 1 ? `has an empty host at position ${position} of the host list` : "has no host");
  const bracket = text.startsWith("[") ? text.indexOf("]") : -1;
  const colon = bracket >= 0 ? (text[bracket + 1] === ":" ? bracket + 1 : -1) : text.lastIndexOf(":");
  const name = colon >= 0 ? text.slice(0, colon) : text;
  const portText = colon >= 0 ? text.slice(colon + 1) : undefined;
  if (!HOSTNAME.test(name) && !IPV6.test(name)) return Either.left(`has ${which} that is not a host name or address`);
  if (portText === undefined) return Either.right({ host: IPV6.test(name) ? name.slice(1, -1) : name, port: DEFAULT_PORT });
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 1 && port <= 65535)) return Either.left(`has ${which} whose port is not a number from 1 to 65535`);
  return Either.right({ host: IPV6.test(name) ? name.slice(1, -1) : name, port });
};

/**
 * `mysql://[user[:password]@]host[:port][,host[:port]...]/database`: the user and password
 * percent-encoded, each host a name, an IPv4 address or a bracketed IPv6 address, the port 3306
 * when left out. Left: why the URL cannot be used, as the end of a sentence ("has ...").
 */
export const parseMysqlUrl = (url: string): Either.Either<MysqlUrl, string> => {
  if (!url.startsWith("mysql://")) return Either.left("does not start with mysql://");
  const rest = url.slice("mysql://".length);
  const slash = rest.indexOf("/");
  if (slash < 0) return Either.left("has no /database after the host");
  const authority = rest.slice(0, slash);
  const databaseText = rest.slice(slash + 1);
  if (!DATABASE.test(databaseText)) return Either.left("has a database name that is not up to 64 letters, digits, _, $ or -");
  const at = authority.lastIndexOf("@");
  const userInfo = at >= 0 ? authority.slice(0, at) : "";
  const hostList = at >= 0 ? authority.slice(at + 1) : authority;
  const colon = userInfo.indexOf(":");
  const user = decode(colon >= 0 ? userInfo.slice(0, colon) : userInfo, "user");
  if (Either.isLeft(user)) return Either.left(user.left);
  const password = decode(colon >= 0 ? userInfo.slice(colon + 1) : "", "password");
  if (Either.isLeft(password)) return Either.left(password.left);
  const texts = hostList.split(",");
  if (texts.length > MAX_HOSTS) return Either.left(`lists ${texts.length} hosts; at most ${MAX_HOSTS} are accepted`);
  const hosts: MysqlHost[] = [];
  for (const [index, text] of texts.entries()) {
    const host = parseHost(text.trim(), index + 1, texts.length);
    if (Either.isLeft(host)) return Either.left(host.left);
    if (hosts.some((h) => h.host.toLowerCase() === host.right.host.toLowerCase() && h.port === host.right.port)) {
      return Either.left(`lists ${host.right.host}:${host.right.port} twice`);
    }
    hosts.push(host.right);
  }
  return Either.right({ hosts, user: user.right, password: password.right, database: databaseText });
};

/** host:port, with an IPv6 address in brackets. */
export const formatMysqlHost = (host: MysqlHost): string => `${host.host.includes(":") ? `[${host.host}]` : host.host}:${host.port}`;

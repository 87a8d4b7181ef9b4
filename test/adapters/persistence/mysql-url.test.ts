// Specifies how a MySQL/MariaDB URL with one or several hosts is read, and the reasons a
// malformed one is refused with.
import assert from "node:assert/strict";
import { Either } from "effect";
import { formatMysqlHost, parseMysqlUrl } from "../../../adapters/persistence/mysql-url.js";

const parsed = (url: string) => {
  const result = parseMysqlUrl(url);
  if (Either.isLeft(result)) assert.fail(`${url} was refused: ${result.left}`);
  return result.right;
};
const refusal = (url: string): string => {
  const result = parseMysqlUrl(url);
  if (Either.isRight(result)) assert.fail(`${url} was accepted as ${JSON.stringify(result.right)}`);
  return result.left;
};

describe("parseMysqlUrl", () => {
  it("reads one host, with the port 3306 when left out, and percent-decodes the user and password", () => {
    assert.deepEqual(parsed("mysql://shop:p%40ss%2Fw0rd@db.internal/storefront"), {
      hosts: [{ host: "db.internal", port: 3306 }],
      user: "shop",
      password: "p@ss/w0rd",
      database: "storefront",
    });
    assert.deepEqual(parsed("mysql://root@127.0.0.1:3307/sf_test_1").hosts, [{ host: "127.0.0.1", port: 3307 }]);
    assert.deepEqual(parsed("mysql://127.0.0.1/x"), { hosts: [{ host: "127.0.0.1", port: 3306 }], user: "", password: "", database: "x" });
  });

  it("reads several hosts in the order given, each with its own port or 3306", () => {
    const url = parsed("mysql://shop:secret@node1:3306,node2:3307,node3,[::1]:3310/storefront");
    assert.deepEqual(url.hosts, [
      { host: "node1", port: 3306 },
      { host: "node2", port: 3307 },
      { host: "node3", port: 3306 },
      { host: "::1", port: 3310 },
    ]);
    assert.equal(url.password, "secret");
    assert.deepEqual(url.hosts.map(formatMysqlHost), ["node1:3306", "node2:3307", "node3:3306", "[::1]:3310"]);
  });

  it("refuses malformed host lists with a reason naming the host", () => {
    assert.match(refusal("mysql://u@node1:3306,,node3/db"), /empty host at position 2/);
    assert.match(refusal("mysql://u@node1:3306,node2:99999/db"), /host 2 \("node2:99999"\) whose port is not a number from 1 to 65535/);
    assert.match(refusal("mysql://u@node1:3306,node2:abc/db"), /host 2 .* port/);
    assert.match(refusal("mysql://u@node1:0/db"), /port is not a number from 1 to 65535/);
    assert.match(refusal("mysql://u@no_de!:3306/db"), /not a host name or address/);
    assert.match(refusal("mysql://u@node1:3306,node1:3306/db"), /lists node1:3306 twice/);
    assert.match(refusal("mysql://u@node1,NODE1:3306/db"), /twice/);
    assert.match(refusal("mysql://u@/db"), /has no host/);
    assert.match(refusal(`mysql://u@${Array.from({ length: 17 }, (_, i) => `h${i}`).join(",")}/db`), /at most 16/);
  });

  it("refuses a URL without a database path, a bad database name, or bad percent-encoding", () => {
    assert.match(refusal("mysql://u@node1:3306"), /no \/database/);
    assert.match(refusal("mysql://u@node1:3306/my db"), /database name/);
    assert.match(refusal("mysql://u:%zz@node1/db"), /password that is not valid percent-encoding/);
    assert.match(refusal("postgres://u@node1/db"), /mysql:\/\//);
  });
});

// Specifies which host of a multi-host URL new connections go to: the first usable in listed
// order, kept until suspected, checked again one check at a time, none usable an error.
import assert from "node:assert/strict";
import { HostChoice, NoUsableHost, type HostChange } from "../../../adapters/persistence/host-choice.js";
import type { MysqlHost } from "../../../adapters/persistence/mysql-url.js";

const hosts: MysqlHost[] = [
  { host: "node1", port: 3306 },
  { host: "node2", port: 3306 },
  { host: "node3", port: 3307 },
];

/** A check whose answers the test sets per host name; counts the checks made. */
const fakeCheck = () => {
  const reasons = new Map<string, string | undefined>();
  const checked: string[] = [];
  const check = async (host: MysqlHost) => {
    checked.push(host.host);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const reason = reasons.get(host.host);
    if (reason === "throw") throw new Error("connect ECONNREFUSED");
    return reason;
  };
  return { reasons, checked, check };
};

describe("HostChoice", () => {
  it("chooses the first usable host in listed order and keeps it without checking again", async () => {
    const fake = fakeCheck();
    const choice = new HostChoice(hosts, fake.check);
    assert.deepEqual(await choice.choose(), hosts[0]);
    assert.deepEqual(await choice.choose(), hosts[0]);
    assert.deepEqual(fake.checked, ["node1"]);
    assert.ok(choice.isChosen({ host: "node1", port: 3306 }));
    assert.ok(!choice.isChosen({ host: "node1", port: 3307 }));
  });

  it("passes over hosts that refuse or are not usable (a Galera node not Synced), and says why", async () => {
    const fake = fakeCheck();
    fake.reasons.set("node1", "throw");
    fake.reasons.set("node2", "Galera node not Synced (Donor/Desynced)");
    const choice = new HostChoice(hosts, fake.check);
    const changes: HostChange[] = [];
    choice.onChange((change) => changes.push(change));
    assert.deepEqual(await choice.choose(), hosts[2]);
    assert.equal(changes.length, 1);
    assert.deepEqual(changes[0]!.skipped, ["node1:3306: connect ECONNREFUSED", "node2:3306: Galera node not Synced (Donor/Desynced)"]);
  });

  it("after a suspicion, checks again in listed order: a dead first host moves it to the next", async () => {
    const fake = fakeCheck();
    const choice = new HostChoice(hosts, fake.check);
    const changes: HostChange[] = [];
    choice.onChange((change) => changes.push(change));
    await choice.choose();
    fake.reasons.set("node1", "throw");
    choice.suspect();
    assert.equal(choice.current, undefined);
    assert.ok(!choice.isChosen(hosts[0]!));
    assert.deepEqual(await choice.choose(), hosts[1]);
    assert.deepEqual(changes.at(-1)?.from, hosts[0]);
    assert.deepEqual(changes.at(-1)?.to, hosts[1]);
    // node1 back: the next suspicion returns to it, the first in the list.
    fake.reasons.delete("node1");
    choice.suspect();
    assert.deepEqual(await choice.choose(), hosts[0]);
  });

  it("a suspicion of a host that is still fine re-chooses it, with no change reported", async () => {
    const fake = fakeCheck();
    const choice = new HostChoice(hosts, fake.check);
    let changes = 0;
    choice.onChange(() => changes++);
    await choice.choose();
    choice.suspect();
    assert.deepEqual(await choice.choose(), hosts[0]);
    assert.equal(changes, 1, "only the first choice");
  });

  it("many connections asking at once share one round of checks", async () => {
    const fake = fakeCheck();
    fake.reasons.set("node1", "throw");
    const choice = new HostChoice(hosts, fake.check);
    const chosen = await Promise.all(Array.from({ length: 20 }, () => choice.choose()));
    assert.ok(chosen.every((host) => host === hosts[1]));
    assert.deepEqual(fake.checked, ["node1", "node2"]);
  });

  it("no usable host: NoUsableHost (an unavailable error) listing every reason, and the next ask checks again", async () => {
    const fake = fakeCheck();
    for (const host of hosts) fake.reasons.set(host.host, "throw");
    const choice = new HostChoice(hosts, fake.check);
    await assert.rejects(choice.choose(), (error: unknown) => {
      assert.ok(error instanceof NoUsableHost);
      assert.equal(error.code, "STOREFRONT_NO_USABLE_HOST");
      assert.equal(error.reasons.length, 3);
      return true;
    });
    fake.reasons.delete("node3");
    assert.deepEqual(await choice.choose(), hosts[2]);
  });
});

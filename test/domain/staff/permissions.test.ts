// The roles table of docs/staff.md is the table in domain/staff/permissions.ts: every permission
// and role, and a mark exactly where the role holds the permission. Also the rules of the table:
// the owner holds everything, every role can read the dashboard and orders, and only owners and
// managers manage staff.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "mocha";
import { ALL_PERMISSIONS, ROLE_PERMISSIONS, roleMay, rolesGrantableBy, STAFF_ROLES } from "../../../domain/staff/permissions.js";

describe("staff roles and permissions", () => {
  it("docs/staff.md shows exactly the table the code checks", () => {
    const text = readFileSync(new URL("../../../docs/staff.md", import.meta.url), "utf8");
    // The first table of the "Roles and permissions" section (other sections have tables of their own).
    const section = text.slice(text.indexOf("## Roles and permissions"));
    const all = section.split("\n");
    const start = all.findIndex((line) => line.startsWith("| "));
    const end = all.findIndex((line, i) => i > start && !line.startsWith("|"));
    const lines = all.slice(start, end).filter((line) => line.startsWith("| "));
    const header = lines[0]!.split("|").map((cell) => cell.trim()).filter((cell) => cell !== "");
    assert.deepEqual(header, ["permission", ...STAFF_ROLES]);
    const documented = new Map<string, string[]>();
    for (const line of lines.slice(1)) {
      const cells = line.split("|").slice(1, -1).map((cell) => cell.trim());
      const permission = cells[0]!.replace(/`/g, "");
      documented.set(permission, STAFF_ROLES.filter((_, i) => cells[i + 1] === "yes"));
    }
    assert.deepEqual([...documented.keys()].sort(), [...ALL_PERMISSIONS].sort());
    for (const permission of ALL_PERMISSIONS) {
      assert.deepEqual(documented.get(permission), STAFF_ROLES.filter((role) => roleMay(role, permission)), permission);
    }
  });

  it("the owner holds every permission; every role reads orders and the dashboard; only owners and managers manage staff; only owners API keys", () => {
    assert.equal(ROLE_PERMISSIONS.owner.size, ALL_PERMISSIONS.length);
    for (const role of STAFF_ROLES) assert.ok(roleMay(role, "orders.read") && roleMay(role, "dashboard.read"), role);
    assert.deepEqual(STAFF_ROLES.filter((role) => roleMay(role, "staff.manage")), ["owner", "manager"]);
    assert.deepEqual(STAFF_ROLES.filter((role) => roleMay(role, "api_keys.manage")), ["owner"]);
    assert.deepEqual(rolesGrantableBy("manager"), ["manager", "catalog", "support", "fulfilment"]);
    assert.deepEqual(rolesGrantableBy("support"), []);
  });
});

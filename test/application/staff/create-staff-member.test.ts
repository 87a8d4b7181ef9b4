// Creating staff members (application/staff/create-staff-member.ts), on SQLite and MariaDB: with a
// password (argon2id, active) or without (invited, a one-time link kept only as its SHA-256, 24
// hours); weak passwords, bad emails and taken emails (any case) refused, nothing written then;
// one audit record per creation, in the same transaction; another store may use the same email.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { CreateStaffMember } from "../../../application/staff/create-staff-member.js";
import { AuditLog } from "../../../application/ports/audit-log.js";
import { StaffRepository } from "../../../application/ports/staff-repository.js";
import { createThrowawayDatabase, mysqlReachable, type ThrowawayDatabase } from "../../support/mysql-database.js";
import { startTestApplication, type TestApplication } from "../../support/test-application.js";

const CLI = { type: "cli", id: null, label: "storefront staff create" } as const;

const suite = (dialect: "sqlite" | "mariadb"): void => {
  describe(`creating staff members (${dialect})`, function () {
    this.timeout(60_000);
    let t: TestApplication;
    let mysql: ThrowawayDatabase | undefined;
    let create: CreateStaffMember;

    before(async function () {
      if (dialect === "mariadb") {
        if (!(await mysqlReachable())) {
          if (process.env.CI === "true") throw new Error("MariaDB is not reachable at 127.0.0.1:3306, and CI=true requires these tests");
          console.log("    (skipped: no MariaDB reachable at 127.0.0.1:3306)");
          this.skip();
        }
        mysql = await createThrowawayDatabase("staff_members");
      }
      t = await startTestApplication(mysql !== undefined ? { databaseUrl: mysql.url } : {});
      create = t.application.container.get(CreateStaffMember);
    });

    after(async () => {
      await t?.close();
      await mysql?.drop();
    });

    const storeId = () => t.store.store.id;
    const auditOf = async (memberId: string) =>
      (await t.application.container.get(AuditLog).list(storeId(), { limit: 100 })).filter((entry) => entry.resourceId === memberId);

    it("with a password: active, its argon2id hash kept, the creation in the audit log", async () => {
      const { member, linkToken } = await create.execute({ storeId: storeId(), email: " Wanjiru.Manager@Example.com ", role: "manager", password: "Kilifi-Mango-Season-9" }, CLI);
      assert.equal(linkToken, undefined);
      const stored = await t.application.container.get(StaffRepository).findByEmail(storeId(), "wanjiru.manager@example.com");
      assert.deepEqual([stored?.id, stored?.status, stored?.role, stored?.name, stored?.linkHash], [member.id, "active", "manager", "wanjiru.manager", null]);
      assert.match(stored!.passwordHash!, /^\$argon2id\$/);
      const [entry, ...more] = await auditOf(member.id);
      assert.equal(more.length, 0);
      assert.deepEqual([entry!.operation, entry!.resourceType, entry!.actor], ["staff.create", "staff_member", CLI]);
      assert.deepEqual(entry!.changes, { email: [null, "wanjiru.manager@example.com"], name: [null, "wanjiru.manager"], role: [null, "manager"], status: [null, "active"] });
    });

    it("without a password: invited, with a one-time link token shown once and kept only as its SHA-256, for 24 hours", async () => {
      const { member, linkToken } = await create.execute({ storeId: storeId(), email: "owner.invite@example.com", name: "Achieng Owino", role: "owner" }, CLI);
      assert.match(linkToken!, /^[A-Za-z0-9]{43}$/);
      const stored = await t.application.container.get(StaffRepository).findById(storeId(), member.id);
      assert.deepEqual([stored?.status, stored?.passwordHash, stored?.name], ["invited", null, "Achieng Owino"]);
      assert.equal(stored!.linkHash, createHash("sha256").update(linkToken!).digest("hex"));
      const hours = (Date.parse(stored!.linkExpiresAt!) - Date.parse(stored!.createdAt)) / 3_600_000;
      assert.equal(hours, 24);
    });

    it("refuses a weak password, a bad email and a taken email (in any case), writing nothing; another store may use the email", async () => {
      const rejects = async (input: Parameters<CreateStaffMember["execute"]>[0], code: string, param: string) => {
        await assert.rejects(create.execute(input, CLI), (error: any) => {
          assert.deepEqual([error._tag === "ResourceConflict" ? error.code : error._tag, error.param], [code, param]);
          return true;
        });
      };
      await rejects({ storeId: storeId(), email: "weak@example.com", role: "support", password: "password123" }, "WeakPassword", "password");
      await rejects({ storeId: storeId(), email: "not an email", role: "support", password: "Kilifi-Mango-Season-9" }, "ParameterInvalid", "email");
      const first = await create.execute({ storeId: storeId(), email: "taken@example.com", role: "support" }, CLI);
      await rejects({ storeId: storeId(), email: "TAKEN@example.com", role: "catalog" }, "email_taken", "email");
      assert.equal(await t.application.container.get(StaffRepository).findByEmail(storeId(), "weak@example.com"), undefined);
      assert.equal((await t.application.container.get(AuditLog).list(storeId(), { limit: 100 })).filter((e) => e.changes.email?.[1] === "taken@example.com").length, 1, "the refused creation left no audit record");
      const elsewhere = await create.execute({ storeId: t.otherStore.store.id, email: "taken@example.com", role: "owner" }, CLI);
      assert.notEqual(elsewhere.member.id, first.member.id);
      assert.equal((await t.application.container.get(AuditLog).list(storeId(), { limit: 100 })).some((e) => e.resourceId === elsewhere.member.id), false, "each store's log holds its own");
    });
  });
};

suite("sqlite");
suite("mariadb");

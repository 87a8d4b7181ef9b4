// The use-case convention (docs/architecture.md, the application/ ring; docs/decisions/foundation.md,
// "foundation-17"): every use case the container binds is an `@injectable()` class named by its
// verb with one public method, `execute`, and no module holds two of them. Reads the classes
// themselves: the container's lists of bound classes (USE_CASES, and the emails' EMAIL_USE_CASES) give each class, its prototype
// gives its methods, and the TypeScript parser reads the modules under application/ for where
// each class is declared and which methods it marks private or protected (helpers it keeps for
// itself). A future `ManageX` with five methods fails here.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { USE_CASES } from "../../composition/container.js";
import { EMAIL_USE_CASES } from "../../composition/email-bindings.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Classes the container binds beside the use cases that are not use cases: helpers injected into
 * use cases (or into the HTTP layer), each a few operations on one concern that several use cases
 * share. They are named by what they are, not by a verb, and keep their method names. A name here
 * must be bound and must not follow the convention already (the test says so when it does).
 */
export const NOT_USE_CASES: ReadonlyMap<string, string> = new Map([
  ["AuthenticateApiKey", "the HTTP layer's key check for every request (`execute`), with `cached` for the answer cache's fast path"],
  ["CartOwnerResolver", "resolves who owns the addressed cart (`resolve`) for every cart use case"],
  ["CartPricer", "prices cart lines for a customer (`forCustomer`) inside the cart use cases' units of work"],
  ["CartReader", "the cart as the API shows it (`view`, `viewInWrite`), read by every cart use case"],
  ["StoreReferences", "checks that ids named in a write are the store's own (products, categories, lookbooks, collections)"],
  ["IssueDocuments", "issues an invoice or a credit note inside the payment's or refund's unit of work"],
  ["OrderRestitution", "puts stock and gift card balance back for cancellations and refunds"],
  ["ProviderCalls", "the payment use cases' calls to a payment provider, with their records and failures"],
  ["ResolvePricingContext", "the pricing context (currency, country, customer) of a read (`resolve`)"],
  ["DetectLocation", "the country of a request (`detect`), for ResolvePricingContext"],
  ["RefundProviderCalls", "the refund use cases' calls to a payment provider"],
  ["AuditTrail", "records an audit entry (`record`) inside a staff write's unit of work"],
  ["StaffSessions", "the back office session cookie's open, resolve and CSRF check, for the sign-in use cases and the HTTP layer"],
  ["SendWebhook", "queues a webhook event (`send`) inside the unit of work of the write that caused it"],
  ["OrderMoves", "the order's state machine applied to a locked order (`apply`) inside the unit of work of UpdateOrder, CancelOrder, FulfilOrder, SettlePayment and SettleRefund"],
  ["RefundSettlement", "a provider's word applied to a locked refund (`apply`) inside the unit of work of SettleRefund and RefundOrder"],
]);

/** Every module under application/ (ports included: their tokens are classes too). */
const modulesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });

/** Names of the methods a class's source marks private or protected (or #private). */
const hiddenMethods = (file: string, className: string): Set<string> => {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const hidden = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== className) continue;
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || member.name === undefined) continue;
      const flags = ts.getCombinedModifierFlags(member);
      if (ts.isPrivateIdentifier(member.name) || (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0) hidden.add(member.name.getText(source));
    }
  }
  return hidden;
};

/** The prototype's own methods, constructor left out. */
const prototypeMethods = (cls: Function): string[] =>
  Object.getOwnPropertyNames(cls.prototype).filter((name) => name !== "constructor" && typeof Object.getOwnPropertyDescriptor(cls.prototype, name)?.value === "function");

describe("use-case convention: one class per verb, one public method `execute`", function () {
  this.timeout(120_000);
  const bound = new Set<Function>([...USE_CASES, ...EMAIL_USE_CASES]);
  /** The modules under application/ that declare a class of each name (read with the TypeScript parser). */
  const declaredIn = new Map<string, string[]>();
  for (const file of modulesUnder(join(ROOT, "application"))) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (ts.isClassDeclaration(statement) && statement.name !== undefined) declaredIn.set(statement.name.text, [...(declaredIn.get(statement.name.text) ?? []), file]);
    }
  }

  /** The module that declares the bound class. */
  const home = (cls: Function): string => {
    const files = declaredIn.get(cls.name) ?? [];
    assert.equal(files.length, 1, `${cls.name}: declared in ${files.length} modules under application/`);
    return files[0]!;
  };
  const useCases = (): Function[] => [...bound].filter((cls) => declaredIn.has(cls.name) && !NOT_USE_CASES.has(cls.name));

  it("every bound use case has exactly one public method, execute", () => {
    assert.ok(useCases().length > 150, `only ${useCases().length} bound use cases found under application/`);
    const wrong: string[] = [];
    for (const cls of useCases()) {
      const hidden = hiddenMethods(home(cls), cls.name);
      const publicMethods = prototypeMethods(cls).filter((name) => !hidden.has(name));
      if (publicMethods.length !== 1 || publicMethods[0] !== "execute") wrong.push(`${cls.name} (${relative(ROOT, home(cls))}): ${publicMethods.join(", ") || "no public method"}`);
    }
    assert.deepEqual(wrong, [], "split these into one class per verb (docs/architecture.md), or, for a helper, name it in NOT_USE_CASES with its reason");
  });

  it("no module holds two use cases, and each lives in a file named after it", () => {
    const byFile = new Map<string, string[]>();
    for (const cls of useCases()) byFile.set(home(cls), [...(byFile.get(home(cls)) ?? []), cls.name]);
    const crowded = [...byFile].filter(([, names]) => names.length > 1).map(([file, names]) => `${relative(ROOT, file)}: ${names.join(", ")}`);
    assert.deepEqual(crowded, []);
    const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
    const misnamed = [...byFile].filter(([file, [name]]) => !file.endsWith(`/${kebab(name!)}.ts`)).map(([file, names]) => `${relative(ROOT, file)}: ${names[0]}`);
    assert.deepEqual(misnamed, []);
  });

  it("the exceptions are bound and do not follow the convention already", () => {
    const names = new Map([...bound].map((cls) => [cls.name, cls]));
    for (const [name, why] of NOT_USE_CASES) {
      assert.ok(why.length > 0);
      const cls = names.get(name);
      assert.ok(cls !== undefined, `${name} is named in NOT_USE_CASES but the container binds no such class`);
      const hidden = hiddenMethods(home(cls), name);
      const publicMethods = prototypeMethods(cls).filter((method) => !hidden.has(method));
      assert.notDeepEqual(publicMethods, ["execute"], `${name} has one public method, execute: it is a use case, take it off NOT_USE_CASES`);
    }
  });

  it("the check sees a class with several verbs", () => {
    class ManageThings {
      create(): void {}
      update(): void {}
      private shared(): void {}
    }
    assert.deepEqual(prototypeMethods(ManageThings), ["create", "update", "shared"]);
  });
});

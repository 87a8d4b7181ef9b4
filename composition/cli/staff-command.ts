// `storefront staff create --email E --role R [--store ID] [--name N] [--password P]`: creates a
// staff member of a store (docs/staff.md). With --password the member can sign in at once; without
// one the command prints a one-time sign-in link, valid 24 hours, shown only here. Exit code 0 when
// created, 1 when not (a taken email, a weak password, an unknown store or role), with one line saying why.
import { InvalidArgumentError, type Command } from "commander";
import pino from "pino";
import { CreateStaffMember, SIGN_IN_LINK_HOURS } from "../../application/staff/create-staff-member.js";
import { STAFF_ROLES, type StaffRole } from "../../domain/staff/permissions.js";
import { ConfigError, loadConfig } from "../config.js";
import { createApplication, type Application } from "../container.js";
import { chooseStore, ImportStopped } from "./import-command.js";

interface StaffCreateOptions {
  readonly email: string;
  readonly role: StaffRole;
  readonly store?: string;
  readonly name?: string;
  readonly password?: string;
  readonly baseUrl: string;
}

const role = (text: string): StaffRole => {
  if (!(STAFF_ROLES as readonly string[]).includes(text)) throw new InvalidArgumentError(`must be one of ${STAFF_ROLES.join(", ")}`);
  return text as StaffRole;
};

/** What an error says to the person at the command line (the API's errors carry a message). */
const reason = (error: unknown): string | undefined => {
  if (error instanceof ImportStopped || error instanceof ConfigError) return error.message;
  if (typeof error === "object" && error !== null && "_tag" in error && "message" in error && typeof error.message === "string") return error.message;
  return undefined;
};

export const runStaffCreate = async (options: StaffCreateOptions): Promise<number> => {
  let application: Application | undefined;
  try {
    const config = loadConfig();
    application = createApplication(config, { logger: pino({ level: config.logLevel }, pino.destination(2)) });
    await application.migrate();
    const storeId = await chooseStore(application, options.store);
    const created = await application.container.get(CreateStaffMember).execute(
      {
        storeId,
        email: options.email,
        role: options.role,
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.password !== undefined ? { password: options.password } : {}),
      },
      { type: "cli", id: null, label: "storefront staff create" },
    );
    const { member, linkToken } = created;
    const lines = [`Created staff member ${member.email} (${member.role}) of store ${storeId}: ${member.id}.`];
    if (linkToken !== undefined) {
      lines.push(
        `One-time sign-in link (valid ${SIGN_IN_LINK_HOURS} hours, shown only now):`,
        `  ${options.baseUrl.replace(/\/+$/, "")}/admin/sign-in?link=${linkToken}`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } catch (error) {
    const why = reason(error);
    if (why === undefined) throw error;
    process.stderr.write(`storefront staff create: ${why}\n`);
    return 1;
  } finally {
    await application?.close();
  }
};

export const registerStaffCommand = (program: Command): void => {
  const staff = program.command("staff").description("the people who run a store (docs/staff.md)");
  staff
    .command("create")
    .description("create a staff member; without --password, print a one-time sign-in link")
    .requiredOption("--email <email>", "the member's email (unique in the store)")
    .requiredOption("--role <role>", `one of ${STAFF_ROLES.join(", ")}`, role)
    .option("--store <store_id>", "the store (default: the only store of the database)")
    .option("--name <name>", "the member's name (default: the email's local part)")
    .option("--password <password>", "a password to sign in with at once (it must not be easy to guess)")
    .option("--base-url <url>", "where the back office is served, for the sign-in link", "http://localhost:3000")
    .action(async (options: StaffCreateOptions) => {
      process.exitCode = await runStaffCreate(options);
    });
};

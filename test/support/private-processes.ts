// Test support shared by the private database servers the tests start (private-mariadb.ts,
// galera-cluster.ts): finding a server binary, and leaving nothing behind when the test process
// exits (children SIGKILLed, temporary data directories removed), so a failing test leaks nothing.
import type { ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";

const SEARCH_DIRS = ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin", "/usr/local/mysql/bin"];

/** The first of `names` found on PATH or in the usual sbin/bin directories. */
export function findBinary(names: readonly string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(":").filter(Boolean), ...SEARCH_DIRS];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

const liveChildren = new Set<ChildProcess>();
const liveDirs = new Set<string>();
let exitHandlerInstalled = false;

function installExitHandler(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.on("exit", () => {
    for (const child of liveChildren) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
    for (const dir of liveDirs) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // best effort
      }
    }
  });
}

/** SIGKILLs `child` when the test process exits while it still runs. */
export function killOnExit(child: ChildProcess): void {
  installExitHandler();
  liveChildren.add(child);
  child.once("exit", () => liveChildren.delete(child));
}

/** Removes `dir` when the test process exits, unless `keepDir` was called for it first. */
export function removeOnExit(dir: string): void {
  installExitHandler();
  liveDirs.add(dir);
}

/** The directory is removed (or kept) by its owner: nothing to do at exit. */
export function forgetDir(dir: string): void {
  liveDirs.delete(dir);
}

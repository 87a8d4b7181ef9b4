// Bench only: counts the bench server's system calls over the measured run with `perf stat` on the
// kernel's syscall tracepoints (counting only: no sampling, no stack walks, so the server runs at
// its own speed). Counts are ground truth that the machine's load does not move: a SQLite commit
// writes each WAL frame with two pwrite64 calls, and a lock taken or dropped is an fcntl call.
// Where `perf` or the tracepoints are missing, the bench reports null and says why.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";

/** The calls counted, by the tracepoint's syscall name. */
export const COUNTED_SYSCALLS = ["pwrite64", "pread64", "fcntl", "fsync", "fdatasync", "writev", "read", "write", "epoll_wait"] as const;

export type SyscallCounts = Readonly<Record<(typeof COUNTED_SYSCALLS)[number], number>>;

/** Why counting cannot run here, or undefined when it can. */
export const syscallCountingUnavailable = (): string | undefined => {
  try {
    const out = execFileSync("perf", ["stat", "-x", ",", "-e", "syscalls:sys_enter_write", "--", "true"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    void out;
    return undefined;
  } catch (error) {
    return `perf stat on syscall tracepoints failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
  }
};

/** Starts counting `pid`'s calls (all its threads); `stop` answers the counts. */
export const countSyscalls = (pid: number): { stop: () => Promise<SyscallCounts> } => {
  const events = COUNTED_SYSCALLS.map((name) => `syscalls:sys_enter_${name}`).join(",");
  const perf: ChildProcess = spawn("perf", ["stat", "-x", ",", "-e", events, "-p", String(pid)], { stdio: ["ignore", "ignore", "pipe"] });
  let text = "";
  perf.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const exited = new Promise<void>((resolve) => perf.once("exit", () => resolve()));
  return {
    stop: async () => {
      perf.kill("SIGINT");
      await exited;
      const counts: Record<string, number> = Object.fromEntries(COUNTED_SYSCALLS.map((name) => [name, 0]));
      // -x , lines: "<count>,<unit>,<event>,..."
      for (const line of text.split("\n")) {
        const [count, , event] = line.split(",");
        const name = event?.replace("syscalls:sys_enter_", "");
        if (name !== undefined && name in counts && count !== undefined && /^\d+$/.test(count)) counts[name] = Number(count);
      }
      return counts as SyscallCounts;
    },
  };
};

// A mocha reporter for finding where the suite's time goes (docs/decisions/operations.md,
// "operations-20"): the dot reporter's output, and each test file's wall time (its hooks
// included) appended to FILE_TIMING_OUT as the file ends, so a run cut short still leaves its
// figures. Serial runs only (a parallel run replays a file's events when it ends). Usage:
// FILE_TIMING_OUT=/tmp/t.txt npx mocha --reporter ./test/support/file-timing-reporter.cjs 'test/**/*.test.ts'
const Mocha = require(require.resolve("mocha", { paths: [process.cwd()] }));
const { appendFileSync } = require("node:fs");
const { EVENT_SUITE_BEGIN, EVENT_SUITE_END } = Mocha.Runner.constants;

class FileTiming extends Mocha.reporters.Dot {
  constructor(runner, options) {
    super(runner, options);
    const out = process.env.FILE_TIMING_OUT ?? require("node:path").join(require("node:os").tmpdir(), "storefront-file-timing.txt");
    const started = new Map();
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (suite.file && suite.parent?.root) started.set(suite, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      const start = started.get(suite);
      if (start === undefined) return;
      const seconds = ((Date.now() - start) / 1000).toFixed(1);
      appendFileSync(out, `${seconds}\t${suite.file.replace(`${process.cwd()}/`, "")}\t${suite.title}\n`);
    });
  }
}
module.exports = FileTiming;

// Password strength by zxcvbn-ts (@zxcvbn-ts/core) with its common-passwords dictionary
// (@zxcvbn-ts/language-common: the most common leaked passwords and diceware words) and English
// feedback. The estimator's tables (about 40 MB) are built on the first assessment, so a process
// that never registers a customer never holds them. Only the first 100 characters are examined:
// the estimate grows slower with length, and a long password is not weak for what follows.
// The packages themselves load then too, not at start-up (operations-23): required, because the
// port answers synchronously.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { injectable } from "inversify";
import type { PasswordAssessment, PasswordStrength } from "../../application/ports/password-strength.js";
import { requirePackage } from "./on-first-use.js";

const EXAMINED_CHARACTERS = 100;

@injectable()
export class ZxcvbnPasswordStrength implements PasswordStrength {
  private estimator: ZxcvbnFactory | undefined;

  assess(password: string, userInputs: readonly string[]): PasswordAssessment {
    this.estimator ??= this.estimatorNow();
    const result = this.estimator.check(password.slice(0, EXAMINED_CHARACTERS), [...userInputs]);
    return {
      score: result.score,
      warning: result.feedback.warning ?? undefined,
      suggestions: result.feedback.suggestions,
    };
  }

  private estimatorNow(): ZxcvbnFactory {
    const { ZxcvbnFactory } = requirePackage("@zxcvbn-ts/core") as typeof import("@zxcvbn-ts/core");
    const common = requirePackage("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
    const english = requirePackage("@zxcvbn-ts/language-en") as typeof import("@zxcvbn-ts/language-en");
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      maxLength: EXAMINED_CHARACTERS,
    });
  }
}

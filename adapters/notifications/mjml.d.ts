// The part of mjml 5's API the email renderer uses (the package ships no types).
declare module "mjml" {
  interface MjmlError {
    readonly line: number;
    readonly message: string;
    readonly tagName: string;
    readonly formattedMessage: string;
  }
  interface MjmlOptions {
    readonly validationLevel?: "strict" | "soft" | "skip";
    readonly minify?: boolean;
    readonly keepComments?: boolean;
    /** Leaves `<mj-include>` alone instead of reading files (the default in mjml 5). */
    readonly ignoreIncludes?: boolean;
  }
  interface MjmlResult {
    readonly html: string;
    readonly errors: readonly MjmlError[];
  }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<MjmlResult>;
}

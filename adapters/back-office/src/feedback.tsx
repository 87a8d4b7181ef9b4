// What a write did, or why it failed and what to do: a polite live region for success, an
// alert for errors, so screen readers announce both.
export const Notice = ({ kind, children }: { kind: "success" | "error"; children: string | undefined }) =>
  children === undefined || children === "" ? null : kind === "error" ? (
    <p className="notice notice-error" role="alert">
      {children}
    </p>
  ) : (
    <p className="notice notice-success" role="status">
      {children}
    </p>
  );

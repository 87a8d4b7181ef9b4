// Sign-in: email and password, then the authenticator code when the API answers
// `second_factor_required` (the password was right; nothing was spent).
import { useState, type FormEvent } from "react";
import { api, ApiProblem, answer, explain } from "../api.js";
import { Notice } from "../feedback.js";

export const SignInPage = ({ onSignedIn, notice }: { onSignedIn: () => Promise<void>; notice?: string | undefined }) => {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      answer(await api.POST("/admin/v1/auth/sign-in", { body: { email, password, ...(needsCode ? { code: code.replace(/\s/g, "") } : {}) } }));
      await onSignedIn();
    } catch (problem) {
      if (problem instanceof ApiProblem && problem.code === "second_factor_required") {
        setNeedsCode(true);
        setError("Enter the 6-digit code from your authenticator app (or a recovery code).");
      } else if (problem instanceof ApiProblem && problem.code === "invalid_credentials") {
        setError("That email and password do not match a member of this store. Check both and try again.");
      } else {
        setError(explain(problem));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <h1>Sign in to the back office</h1>
      <Notice kind="success">{notice}</Notice>
      <form onSubmit={submit} aria-describedby={error === undefined ? undefined : "sign-in-error"}>
        <label>
          Email
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={needsCode} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={needsCode} />
        </label>
        {needsCode ? (
          <label>
            Authenticator code
            <input name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus value={code} onChange={(e) => setCode(e.target.value)} />
          </label>
        ) : null}
        <div id="sign-in-error">
          <Notice kind="error">{error}</Notice>
        </div>
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
};

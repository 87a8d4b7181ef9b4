// A one-time sign-in link (`/admin/sign-in?link=...`, from an invitation or a new link an owner
// or manager sent, or `storefront staff create` without a password): the member chooses their
// password and is signed in. The token leaves the address bar as soon as it is used.
import { useState, type FormEvent } from "react";
import { api, ApiProblem, answer, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { navigate } from "../navigation.js";

export const SignInLinkPage = ({ token, onSignedIn }: { token: string; onSignedIn: () => Promise<void> }) => {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== again) return setError("The two passwords differ: type the same password twice.");
    setBusy(true);
    setError(undefined);
    try {
      answer(await api.POST("/admin/v1/auth/link", { body: { token, password } }));
      await onSignedIn();
      navigate("/admin", { replace: true });
    } catch (problem) {
      if (problem instanceof ApiProblem && problem.code === "invalid_credentials") {
        setError("This link was used already, has expired (links last 24 hours) or is not whole: ask an owner or a manager to send a new one.");
      } else if (problem instanceof ApiProblem && problem.status === 400) {
        setError(`${problem.message} Choose a longer password, or several unrelated words.`);
      } else {
        setError(explain(problem));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="sign-in" id="main">
      <h1>Choose your password</h1>
      <p>This one-time link signs you in to the back office once you have chosen a password.</p>
      <form onSubmit={submit}>
        <label>
          New password
          <input type="password" name="new-password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label>
          The same password again
          <input type="password" name="new-password-again" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} />
        </label>
        <Notice kind="error">{error}</Notice>
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Set password and sign in"}
        </button>
      </form>
    </main>
  );
};

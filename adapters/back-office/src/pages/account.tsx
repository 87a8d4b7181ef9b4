// My account (every member): the second factor on or off (start: the secret and its otpauth://
// address as text; confirm with the app's code: the ten recovery codes, shown once; off with the
// password), where the member is signed in, and sign-out everywhere.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { answer, api, ApiProblem, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { ScrollArea } from "../scroll-area.js";
import { SESSION_KEY, type Session } from "../session.js";

/** A wrong password or code is a 401 that does not end the session: say so rather than "sign in again". */
const wrongProof = (problem: unknown): string => {
  if (problem instanceof ApiProblem && problem.code === "invalid_credentials") return "That is not your password: type it again.";
  if (problem instanceof ApiProblem && problem.code === "invalid_code") return "That code is not the app's current one: type the code it shows now (codes change every 30 seconds).";
  return explain(problem);
};

const SecondFactor = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const [started, setStarted] = useState<{ secret: string; otpauth_uri: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const start = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/me/second-factor")) });
  const confirm = useMutation({ mutationFn: async (code: string) => answer(await api.POST("/admin/v1/me/second-factor/confirm", { body: { code } })) });
  const off = useMutation({ mutationFn: async (password: string) => answer(await api.POST("/admin/v1/me/second-factor/off", { body: { password } })) });
  const on = session.member.totp_enabled;
  const begin = async () => {
    try {
      setStarted(await start.mutateAsync());
      setResult({ ok: "Add this secret to your authenticator app, then type the code it shows." });
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setResult({ error: "Type the 6 digits your authenticator app shows now." });
    try {
      const done = await confirm.mutateAsync(code);
      setStarted(undefined);
      setRecovery(done.recovery_codes);
      setResult({ ok: "The second factor is on: sign-in now asks for a code of your app." });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    } catch (problem) {
      setResult({ error: wrongProof(problem) });
    }
  };
  const submitOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get("password") ?? "");
    if (password === "") return setResult({ error: "Type your password to turn the second factor off." });
    try {
      await off.mutateAsync(password);
      form.reset();
      setRecovery(undefined);
      setResult({ ok: "The second factor is off: sign-in asks for your password only. Its secret and recovery codes no longer work." });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    } catch (problem) {
      setResult({ error: wrongProof(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Second factor</h2>
      <p>
        The second factor is <strong>{on ? "on" : "off"}</strong>.
      </p>
      {on ? (
        <form onSubmit={submitOff} aria-label="Turn the second factor off">
          <label>
            Password
            <input type="password" name="password" autoComplete="current-password" />
          </label>
          <button type="submit" className="danger" disabled={off.isPending}>
            Turn the second factor off
          </button>
        </form>
      ) : started === undefined ? (
        <button type="button" onClick={begin} disabled={start.isPending}>
          Turn the second factor on
        </button>
      ) : (
        <form onSubmit={submitCode} aria-label="Confirm the second factor">
          <p>Secret for your authenticator app (type it in, or paste the address into an app that takes one):</p>
          <code className="secret" data-testid="totp-secret">
            {started.secret}
          </code>
          <code className="secret" data-testid="otpauth-uri">
            {started.otpauth_uri}
          </code>
          <label>
            Code from the app
            <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </label>
          <button type="submit" disabled={confirm.isPending}>
            Confirm and turn on
          </button>
        </form>
      )}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
      {recovery === undefined ? null : (
        <div className="secret-once" role="status">
          <p>
            <strong>Recovery codes</strong>: each works once in place of a code, if the app is lost. They are shown only now: keep them somewhere safe.
          </p>
          <ul className="recovery-codes" data-testid="recovery-codes">
            {recovery.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
};

export const AccountPage = ({ session, onSignedOut }: { session: Session; onSignedOut: () => Promise<void> }) => {
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({ queryKey: ["my-sessions"], queryFn: async () => answer(await api.GET("/admin/v1/me/sessions")) });
  const everywhere = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/auth/sign-out", { body: { everywhere: true } })) });
  const signOutEverywhere = async () => {
    if (!confirming) return setConfirming(true);
    try {
      await everywhere.mutateAsync();
      await onSignedOut();
    } catch (problem) {
      setConfirming(false);
      setError(explain(problem));
    }
  };
  return (
    <>
      <h1>My account</h1>
      <dl className="facts">
        <dt>Email</dt>
        <dd>{session.member.email}</dd>
        <dt>Role</dt>
        <dd>{session.member.role}</dd>
      </dl>
      <SecondFactor session={session} />
      <section className="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">Where you are signed in</h2>
        {sessions.isError ? <Notice kind="error">{explain(sessions.error)}</Notice> : null}
        {sessions.data === undefined ? (
          sessions.isPending ? <p className="loading">Loading sessions…</p> : null
        ) : (
          <ScrollArea label="My sessions" busy={sessions.isFetching}>
            <table className="sessions">
              <thead>
                <tr>
                  <th scope="col">Began</th>
                  <th scope="col">Last request</th>
                  <th scope="col">Address</th>
                  <th scope="col">Browser</th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {formatDateTime(s.created_at)}
                      {s.current ? " (this one)" : ""}
                    </td>
                    <td>{formatDateTime(s.last_seen_at)}</td>
                    <td>{s.client_address ?? "unknown"}</td>
                    <td>{s.user_agent ?? "unknown"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
        <button type="button" className="danger" onClick={signOutEverywhere} onBlur={() => setConfirming(false)} disabled={everywhere.isPending}>
          {confirming ? "Click again to sign out on every device" : "Sign out everywhere"}
        </button>
        <Notice kind="error">{error}</Notice>
      </section>
    </>
  );
};

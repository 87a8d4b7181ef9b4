// API keys (owners only, `api_keys.manage`): the store's keys by their visible prefix, create one
// of a type and mode (the whole key shown once), roll one (a new key; the old one stops now) and
// revoke one after a confirming second click.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { ScrollArea } from "../scroll-area.js";

type ApiKey = components["schemas"]["ApiKey"];
type Result = { ok?: string; error?: string; secret?: string };

const KeyOnce = ({ secret }: { secret: string | undefined }) =>
  secret === undefined ? null : (
    <div className="secret-once" role="status">
      <p>
        <strong>The new key:</strong> it is shown only now. Copy it to where it is used before leaving this page.
      </p>
      <code className="secret" data-testid="secret">
        {secret}
      </code>
    </div>
  );

const nameOf = (key: ApiKey): string => `${key.mode} ${key.type} key ${key.display_prefix}`;

const KeyRow = ({ apiKey, onResult }: { apiKey: ApiKey; onResult: (result: Result) => Promise<unknown> }) => {
  const roll = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/api-keys/{id}/roll", { params: { path: { id: apiKey.id } } })) });
  const revoke = useMutation({ mutationFn: async () => answer(await api.POST("/admin/v1/api-keys/{id}/revoke", { params: { path: { id: apiKey.id } } })) });
  const doRoll = async () => {
    try {
      const done = await roll.mutateAsync();
      await onResult({ ok: `Rolled ${nameOf(apiKey)}: it stopped working now; its replacement is ${done.key.display_prefix}.`, secret: done.secret });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  const doRevoke = async () => {
    try {
      await revoke.mutateAsync();
      await onResult({ ok: `Revoked ${nameOf(apiKey)}: every request with it is now refused.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  const revoked = apiKey.revoked_at !== null;
  return (
    <tr>
      <td>
        <code>{apiKey.display_prefix}</code>
      </td>
      <td>{apiKey.type}</td>
      <td>{apiKey.mode}</td>
      <td>{formatDateTime(apiKey.created_at)}</td>
      <td>{revoked ? `revoked ${formatDateTime(apiKey.revoked_at!)}` : "in use"}</td>
      <td>
        {revoked ? null : (
          <div className="actions">
            <button type="button" onClick={doRoll} disabled={roll.isPending} aria-label={`Roll ${nameOf(apiKey)}`}>
              Roll
            </button>
            <ConfirmButton verb="revoke" what={nameOf(apiKey)} pending={revoke.isPending} onConfirmed={doRevoke} />
          </div>
        )}
      </td>
    </tr>
  );
};

export const ApiKeysPage = () => {
  const client = useQueryClient();
  const [result, setResult] = useState<Result>({});
  const keys = useQuery({ queryKey: ["api-keys"], queryFn: async () => answer(await api.GET("/admin/v1/api-keys")) });
  const create = useMutation({
    mutationFn: async (body: { type: "secret" | "publishable"; mode: "live" | "test" }) => answer(await api.POST("/admin/v1/api-keys", { body })),
  });
  const report = async (next: Result) => {
    setResult(next);
    await client.invalidateQueries({ queryKey: ["api-keys"] });
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const type = data.get("type") === "publishable" ? "publishable" : "secret";
    const mode = data.get("mode") === "test" ? "test" : "live";
    try {
      const done = await create.mutateAsync({ type, mode });
      await report({ ok: `Created a ${mode} ${type} key, ${done.key.display_prefix}.`, secret: done.secret });
    } catch (problem) {
      await report({ error: explain(problem) });
    }
  };
  return (
    <>
      <h1>API keys</h1>
      <Notice kind="success">{result.ok}</Notice>
      <KeyOnce secret={result.secret} />
      <Notice kind="error">{result.error}</Notice>
      {keys.isError ? <Notice kind="error">{explain(keys.error)}</Notice> : null}
      {keys.isPending ? (
        <p className="loading">Loading keys…</p>
      ) : keys.data === undefined ? null : (
        <ScrollArea label="API keys" busy={keys.isFetching}>
          <table className="api-keys">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Type</th>
                <th scope="col">Mode</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((k) => (
                <KeyRow key={k.id} apiKey={k} onResult={report} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <form className="panel" onSubmit={submit} aria-labelledby="create-key-title">
        <h2 id="create-key-title">Create a key</h2>
        <label>
          Type
          <select name="type" defaultValue="secret">
            <option value="secret">secret (servers: every operation)</option>
            <option value="publishable">publishable (browsers: storefront reads)</option>
          </select>
        </label>
        <label>
          Mode
          <select name="mode" defaultValue="live">
            <option value="live">live</option>
            <option value="test">test</option>
          </select>
        </label>
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </form>
    </>
  );
};

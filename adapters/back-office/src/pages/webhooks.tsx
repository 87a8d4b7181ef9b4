// Webhooks (`webhooks.manage`): the store's endpoints (page size and cursor in the URL), create one
// (its signing secret shown once), and an endpoint's page: change its url and events, switch it on
// or off, rotate its secret (the new one shown once), send a test, and its recent deliveries with
// Resend on each delivered event, saying what the new attempt answered.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { DEFAULT_PAGE_SIZE, pageSizeOf } from "../list-url.js";
import { followLink, useLocation } from "../navigation.js";
import { Pager } from "../pager.js";
import { ScrollArea } from "../scroll-area.js";

type Endpoint = components["schemas"]["WebhookEndpoint"];
type EventType = Endpoint["events"][number];
type Delivery = components["schemas"]["WebhookDelivery"];

/** Every event type an endpoint may receive (the API's enum; the type checks below keep it in step both ways). */
const EVENT_TYPES = [
  "order.created",
  "order.paid",
  "order.fulfilled",
  "order.cancelled",
  "order.delivered",
  "fulfilment.created",
  "payment.succeeded",
  "payment.failed",
  "customer.created",
  "product.created",
  "product.stock_low",
  "cart.abandoned",
  "gift_card.issued",
  "promotion.applied",
  "refund.created",
  "refund.succeeded",
  "refund.failed",
  "return.requested",
  "return.approved",
  "return.refused",
  "return.received",
  "message.created",
  "webhook_endpoint.disabled",
] as const satisfies readonly EventType[];
// And none is missing: a type the API adds and this list lacks fails the type check here.
type Unlisted = Exclude<EventType, (typeof EVENT_TYPES)[number]>;
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTypeListed;

const checkedEvents = (form: HTMLFormElement): EventType[] => {
  const chosen = new FormData(form).getAll("events").map(String);
  return EVENT_TYPES.filter((type) => chosen.includes(type));
};

const EventChoices = ({ chosen, legend }: { chosen: readonly string[]; legend: string }) => (
  <fieldset className="events">
    <legend>{legend}</legend>
    {EVENT_TYPES.map((type) => (
      <label key={type} className="inline">
        <input type="checkbox" name="events" value={type} defaultChecked={chosen.includes(type)} /> {type}
      </label>
    ))}
  </fieldset>
);

/** A secret the API shows only once: said so, selectable, in a code element. */
const SecretOnce = ({ what, secret }: { what: string; secret: string | undefined }) =>
  secret === undefined ? null : (
    <div className="secret-once" role="status">
      <p>
        <strong>{what}</strong> It is shown only now: copy it into the receiver's configuration before leaving this page.
      </p>
      <code className="secret" data-testid="secret">
        {secret}
      </code>
    </div>
  );

const CreateEndpointForm = ({ onCreated }: { onCreated: () => Promise<unknown> }) => {
  const [result, setResult] = useState<{ ok?: string; error?: string; secret?: string; id?: string }>({});
  const create = useMutation({
    mutationFn: async (body: components["schemas"]["WebhookEndpointInput"]) => answer(await api.POST("/admin/v1/webhook_endpoints", { body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const url = String(new FormData(form).get("url") ?? "").trim();
    const events = checkedEvents(form);
    if (url === "") return setResult({ error: "Type the receiver's address (https://...)." });
    if (events.length === 0) return setResult({ error: "Choose at least one event to send." });
    try {
      const done = await create.mutateAsync({ url, events });
      setResult({ ok: `Endpoint created for ${done.webhook_endpoint.url}, receiving ${events.length} event type${events.length === 1 ? "" : "s"}.`, secret: done.webhook_endpoint.secret, id: done.webhook_endpoint.id });
      form.reset();
      await onCreated();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="create-endpoint-title">
      <h2 id="create-endpoint-title">Add an endpoint</h2>
      <label>
        Receiver's address
        <input type="url" name="url" placeholder="https://example.com/hooks" autoComplete="off" required />
      </label>
      <EventChoices chosen={[]} legend="Events to send" />
      <button type="submit" disabled={create.isPending}>
        Create endpoint
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <SecretOnce what="Signing secret:" secret={result.secret} />
      {result.id !== undefined ? (
        <p>
          <a href={`/admin/webhooks/${result.id}`} onClick={followLink}>
            Open the new endpoint
          </a>
        </p>
      ) : null}
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

export const WebhooksPage = () => {
  const client = useQueryClient();
  const { query } = useLocation();
  const limit = pageSizeOf(query);
  const kept: Record<string, string | undefined> = limit !== DEFAULT_PAGE_SIZE ? { limit: String(limit) } : {};
  const cursor = query.get("cursor") ?? undefined;
  const endpoints = useQuery({
    queryKey: ["webhook-endpoints", limit, cursor ?? ""],
    placeholderData: keepPreviousData,
    queryFn: async () => answer(await api.GET("/admin/v1/webhook_endpoints", { params: { query: { limit, ...(cursor ? { cursor } : {}) } } })),
  });
  return (
    <>
      <h1>Webhooks</h1>
      {endpoints.isError ? <Notice kind="error">{explain(endpoints.error)}</Notice> : null}
      {endpoints.isPending ? (
        <p className="loading">Loading endpoints…</p>
      ) : endpoints.data === undefined ? null : endpoints.data.webhook_endpoints.length === 0 ? (
        <p>No endpoint yet: add one below.</p>
      ) : (
        <ScrollArea label="Webhook endpoints" busy={endpoints.isFetching}>
          <table className="webhooks">
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">State</th>
                <th scope="col">Events</th>
                <th scope="col">Delivered</th>
                <th scope="col">Failed</th>
                <th scope="col">Last success</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.data.webhook_endpoints.map((e) => (
                <tr key={e.id}>
                  <td>
                    <a href={`/admin/webhooks/${e.id}`} onClick={followLink}>
                      {e.url}
                    </a>
                  </td>
                  <td>{e.enabled ? "on" : `off${e.disabled_reason ? ` (${e.disabled_reason})` : ""}`}</td>
                  <td className="n">{e.events.length}</td>
                  <td className="n">{e.delivery_stats.successful}</td>
                  <td className="n">{e.delivery_stats.failed}</td>
                  <td>{e.last_success_at ? formatDateTime(e.last_success_at) : "never"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path="/admin/webhooks" kept={kept} cursor={cursor} next={endpoints.data?.pagination.has_more ? endpoints.data.pagination.next_cursor : null} />
      <CreateEndpointForm onCreated={() => client.invalidateQueries({ queryKey: ["webhook-endpoints"] })} />
    </>
  );
};

const attemptSays = (d: { success: boolean; status_code: number | null; latency_ms: number; error: string | null }): string =>
  d.success
    ? `The receiver answered ${d.status_code ?? "?"} in ${d.latency_ms} ms: delivered.`
    : `Not delivered: ${d.status_code !== null ? `the receiver answered ${d.status_code}` : (d.error ?? "no answer")} after ${d.latency_ms} ms. Check the receiver, then send it again.`;

const DeliveryRow = ({ endpointId, delivery, onResent }: { endpointId: string; delivery: Delivery; onResent: () => Promise<unknown> }) => {
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const resend = useMutation({
    mutationFn: async () =>
      answer(await api.POST("/admin/v1/webhook_endpoints/{id}/events/{event_id}/resend", { params: { path: { id: endpointId, event_id: delivery.event_id } } })),
  });
  const send = async () => {
    try {
      const done = await resend.mutateAsync();
      const d = done.delivery;
      setResult(d.success ? { ok: `Sent again as attempt ${d.attempt_number}. ${attemptSays(d)}` } : { error: `Sent again as attempt ${d.attempt_number}. ${attemptSays(d)}` });
      await onResent();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <tr>
      <td>
        {delivery.event_type}
        <br />
        <span className="muted">{delivery.event_id}</span>
      </td>
      <td className="n">{delivery.attempt_number}</td>
      <td className="n">{delivery.status_code ?? "none"}</td>
      <td className="n">{delivery.latency_ms} ms</td>
      <td>{delivery.success ? "delivered" : `failed${delivery.error ? `: ${delivery.error}` : ""}`}</td>
      <td>{formatDateTime(delivery.attempted_at)}</td>
      <td>
        <button type="button" onClick={send} disabled={resend.isPending} aria-label={`Resend ${delivery.event_type} ${delivery.event_id}`}>
          Resend
        </button>
        <Notice kind="success">{result.ok}</Notice>
        <Notice kind="error">{result.error}</Notice>
      </td>
    </tr>
  );
};

const EditEndpointForm = ({ endpoint, onSaved }: { endpoint: Endpoint; onSaved: () => Promise<unknown> }) => {
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const save = useMutation({
    mutationFn: async (body: components["schemas"]["WebhookEndpointPatch"]) =>
      answer(await api.PATCH("/admin/v1/webhook_endpoints/{id}", { params: { path: { id: endpoint.id } }, body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const url = String(new FormData(form).get("url") ?? "").trim();
    const events = checkedEvents(form);
    if (events.length === 0) return setResult({ error: "Choose at least one event to send." });
    try {
      const done = await save.mutateAsync({ url, events });
      setResult({ ok: `Saved: ${done.webhook_endpoint.url} receives ${done.webhook_endpoint.events.length} event type${done.webhook_endpoint.events.length === 1 ? "" : "s"}.` });
      await onSaved();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <form key={endpoint.updated_at} className="panel" onSubmit={submit} aria-labelledby="edit-endpoint-title">
      <h2 id="edit-endpoint-title">Address and events</h2>
      <label>
        Receiver's address
        <input type="url" name="url" defaultValue={endpoint.url} autoComplete="off" required />
      </label>
      <EventChoices chosen={endpoint.events} legend="Events to send" />
      <button type="submit" disabled={save.isPending}>
        Save address and events
      </button>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </form>
  );
};

const EndpointActions = ({ endpoint, onChanged }: { endpoint: Endpoint; onChanged: () => Promise<unknown> }) => {
  const [result, setResult] = useState<{ ok?: string; error?: string; secret?: string }>({});
  const [testType, setTestType] = useState<EventType>("order.created");
  const toggle = useMutation({
    mutationFn: async () => answer(await api.PATCH("/admin/v1/webhook_endpoints/{id}", { params: { path: { id: endpoint.id } }, body: { enabled: !endpoint.enabled } })),
  });
  const rotate = useMutation({
    mutationFn: async () => answer(await api.POST("/admin/v1/webhook_endpoints/{id}/rotate_secret", { params: { path: { id: endpoint.id } } })),
  });
  const test = useMutation({
    mutationFn: async () => answer(await api.POST("/admin/v1/webhook_endpoints/{id}/test", { params: { path: { id: endpoint.id } }, body: { event_type: testType } })),
  });
  const run = async (work: () => Promise<{ ok?: string; error?: string; secret?: string }>) => {
    try {
      setResult(await work());
      await onChanged();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  return (
    <section className="panel" aria-labelledby="endpoint-actions-title">
      <h2 id="endpoint-actions-title">Actions</h2>
      <div className="actions">
        <button
          type="button"
          className={endpoint.enabled ? "danger" : undefined}
          disabled={toggle.isPending}
          onClick={() =>
            run(async () => {
              const done = await toggle.mutateAsync();
              return { ok: done.webhook_endpoint.enabled ? "Switched on: events are sent to it again." : "Switched off: no event is sent to it, and its pending deliveries failed." };
            })
          }
        >
          {endpoint.enabled ? "Switch off" : "Switch on"}
        </button>
        <button
          type="button"
          disabled={rotate.isPending}
          onClick={() =>
            run(async () => {
              const done = await rotate.mutateAsync();
              return { ok: "New signing secret made. For 24 hours deliveries carry both signatures, the new one first.", secret: done.webhook_endpoint.secret };
            })
          }
        >
          Rotate secret
        </button>
      </div>
      <div className="actions">
        <label>
          Test event
          <select value={testType} onChange={(e) => setTestType(e.target.value as EventType)}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={test.isPending}
          onClick={() =>
            run(async () => {
              const done = await test.mutateAsync();
              const says = `Test ${done.event_type} sent (${done.event_id}). ${attemptSays(done)}`;
              return done.success ? { ok: says } : { error: says };
            })
          }
        >
          Send a test
        </button>
      </div>
      <Notice kind="success">{result.ok}</Notice>
      <SecretOnce what="New signing secret:" secret={result.secret} />
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
};

export const WebhookEndpointPage = ({ id }: { id: string }) => {
  const client = useQueryClient();
  const { query } = useLocation();
  const limit = pageSizeOf(query);
  const cursor = query.get("cursor") ?? undefined;
  const kept: Record<string, string | undefined> = limit !== DEFAULT_PAGE_SIZE ? { limit: String(limit) } : {};
  const endpoint = useQuery({ queryKey: ["webhook-endpoint", id], queryFn: async () => answer(await api.GET("/admin/v1/webhook_endpoints/{id}", { params: { path: { id } } })) });
  const deliveries = useQuery({
    queryKey: ["webhook-deliveries", id, limit, cursor ?? ""],
    placeholderData: keepPreviousData,
    queryFn: async () => answer(await api.GET("/admin/v1/webhook_endpoints/{id}/deliveries", { params: { path: { id }, query: { limit, ...(cursor ? { cursor } : {}) } } })),
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["webhook-endpoint", id] }),
      client.invalidateQueries({ queryKey: ["webhook-deliveries", id] }),
      client.invalidateQueries({ queryKey: ["webhook-endpoints"] }),
    ]);
  const e = endpoint.data?.webhook_endpoint;
  return (
    <>
      <p>
        <a href="/admin/webhooks" onClick={followLink}>
          All endpoints
        </a>
      </p>
      <h1>Webhook endpoint</h1>
      {endpoint.isError ? <Notice kind="error">{explain(endpoint.error)}</Notice> : null}
      {e === undefined ? (
        endpoint.isPending ? <p className="loading">Loading the endpoint…</p> : null
      ) : (
        <>
          <dl className="facts">
            <dt>Address</dt>
            <dd>{e.url}</dd>
            <dt>State</dt>
            <dd>{e.enabled ? "on" : `off${e.disabled_reason ? ` (${e.disabled_reason})` : ""}`}</dd>
            <dt>Mode</dt>
            <dd>{e.livemode ? "live events" : "test events"}</dd>
            <dt>Deliveries</dt>
            <dd>
              {e.delivery_stats.successful} delivered, {e.delivery_stats.failed} failed of {e.delivery_stats.total}
            </dd>
            {e.previous_secret_expires_at ? (
              <>
                <dt>Previous secret</dt>
                <dd>signs beside the new one until {formatDateTime(e.previous_secret_expires_at)}</dd>
              </>
            ) : null}
          </dl>
          <EndpointActions endpoint={e} onChanged={refresh} />
          <EditEndpointForm endpoint={e} onSaved={refresh} />
        </>
      )}
      <h2>Recent deliveries</h2>
      {deliveries.isError ? <Notice kind="error">{explain(deliveries.error)}</Notice> : null}
      {deliveries.isPending ? (
        <p className="loading">Loading deliveries…</p>
      ) : deliveries.data === undefined ? null : deliveries.data.deliveries.length === 0 ? (
        <p>Nothing sent to this endpoint yet: send a test to see one here.</p>
      ) : (
        <ScrollArea label="Deliveries" busy={deliveries.isFetching}>
          <table className="deliveries">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Attempt</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">Result</th>
                <th scope="col">Time</th>
                <th scope="col">Send again</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.deliveries.map((d) => (
                <DeliveryRow key={d.id} endpointId={id} delivery={d} onResent={refresh} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      <Pager path={`/admin/webhooks/${id}`} kept={kept} cursor={cursor} next={deliveries.data?.pagination.has_more ? deliveries.data.pagination.next_cursor : null} />
    </>
  );
};

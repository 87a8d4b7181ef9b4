// Shipping (`catalog.read` to see it; every write needs `shipping.manage`): how deliveries are
// priced. Delivery zones (an outline of points on the map, a fee, free delivery from a subtotal,
// a priority where zones overlap) come first; a point outside every zone is priced by the
// distance tier holding its distance from the store. Add, change (in a panel) and delete both,
// a delete after a confirming second click. Fees are in the store's base currency. Members
// without `shipping.manage` see both lists and no form.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, explain, noContent } from "../api.js";
import { ConfirmButton } from "../confirm-button.js";
import { closeEditor } from "../editing.js";
import { Notice } from "../feedback.js";
import { formatMoney, minorDigits, parseMoney } from "../formatting.js";
import { ScrollArea } from "../scroll-area.js";
import { can, type Session } from "../session.js";

/** A zone (the list's schema types the outline as plain arrays, the zone's as pairs: either fits). */
type Zone = Omit<components["schemas"]["DeliveryZone"], "polygon"> & { polygon: readonly (readonly number[])[] };
type Tier = components["schemas"]["PricingTier"];
type Result = { ok?: string; error?: string };
type ZoneBody = { zone_name: string; delivery_fee: number; free_delivery_threshold: number | null; priority: number; color: string; is_active: boolean; polygon: [number, number][] };
type TierBody = { tier_name: string; min_distance_meters: number; max_distance_meters: number; delivery_fee: number; free_delivery_threshold: number | null; priority: number; is_active: boolean };

const SHIPPING_KEY = ["shipping-zones"] as const;

/** Fees come and go as decimal major units (250.5); the page shows and reads them as money. */
const feeText = (major: number, currency: string): string => formatMoney(Math.round(major * 10 ** minorDigits(currency)), currency);
const typedFee = (major: number | null | undefined, currency: string): string => (major === null || major === undefined ? "" : major.toFixed(minorDigits(currency)));
const majorOf = (text: string, currency: string): number | undefined => {
  const minor = parseMoney(text, currency);
  return minor === undefined ? undefined : minor / 10 ** minorDigits(currency);
};
const kmText = (meters: number): string => `${(meters / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 })} km`;
const typedKm = (meters: number | undefined): string => (meters === undefined ? "" : String(meters / 1000));
const metersOf = (text: string): number | undefined => (/^\d+(\.\d{1,3})?$/.test(text) ? Math.round(Number(text) * 1000) : undefined);

/** What to say of the free-delivery threshold in a sentence. */
const freeSays = (threshold: number | null, currency: string): string => (threshold === null ? "never free" : `free for orders of ${feeText(threshold, currency)} or more`);
/** What to say of the free-delivery threshold in the table. */
const freeFrom = (threshold: number | null, currency: string): string => (threshold === null ? "never" : `orders of ${feeText(threshold, currency)} or more`);

/** The fields every zone and tier shares: fee, free delivery, priority, on/off. Undefined values are errors said. */
const readCommon = (data: FormData, currency: string): { fee?: number; threshold?: number | null; priority?: number; error?: string } => {
  const text = (name: string) => String(data.get(name) ?? "").trim();
  const fee = majorOf(text("delivery_fee"), currency);
  if (fee === undefined) return { error: `Enter the delivery fee in ${currency}, for example 250 (0 for free).` };
  const thresholdText = text("free_delivery_threshold");
  const threshold = thresholdText === "" ? null : majorOf(thresholdText, currency);
  if (threshold === undefined) return { error: `Enter the subtotal from which delivery is free in ${currency}, for example 5000, or leave it empty for never.` };
  const priorityText = text("priority");
  const priority = priorityText === "" ? 0 : Number(priorityText);
  if (!Number.isInteger(priority) || Math.abs(priority) > 1_000_000) return { error: "The priority is a whole number from -1000000 to 1000000 (the higher wins)." };
  return { fee, threshold, priority };
};

const CommonFields = ({ currency, fee, threshold, priority, active, what }: { currency: string; fee?: number; threshold?: number | null; priority?: number; active?: boolean; what: string }) => (
  <>
    <label>
      Delivery fee in {currency}
      <input name="delivery_fee" inputMode="decimal" defaultValue={typedFee(fee, currency)} autoComplete="off" />
    </label>
    <label>
      Free delivery from a subtotal of ({currency}; empty: never)
      <input name="free_delivery_threshold" inputMode="decimal" defaultValue={typedFee(threshold, currency)} autoComplete="off" />
    </label>
    <label>
      Priority (where several {what}s hold a delivery, the higher wins)
      <input name="priority" inputMode="numeric" defaultValue={priority ?? 0} autoComplete="off" />
    </label>
    <label className="inline">
      <input type="checkbox" name="is_active" defaultChecked={active ?? true} /> On (used for quotes and checkouts)
    </label>
  </>
);

/** "latitude, longitude" a line (or separated by semicolons) as points, or what is wrong. */
const readOutline = (text: string): { polygon?: [number, number][]; error?: string } => {
  const lines = text.split(/[\n;]+/).map((line) => line.trim()).filter((line) => line !== "");
  const polygon: [number, number][] = [];
  for (const [i, line] of lines.entries()) {
    const parts = line.split(/[\s,]+/).filter((p) => p !== "");
    const [lat, lon] = parts.map(Number);
    if (parts.length !== 2 || lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
      return { error: `Point ${i + 1} ("${line}") is not "latitude, longitude" (latitude -90 to 90, longitude -180 to 180).` };
    }
    polygon.push([lat, lon]);
  }
  if (polygon.length < 3 || polygon.length > 1000) return { error: "The outline needs 3 to 1000 points, one a line: latitude, longitude." };
  return { polygon };
};

const readZone = (form: HTMLFormElement, currency: string): { body?: ZoneBody; error?: string } => {
  const data = new FormData(form);
  const name = String(data.get("zone_name") ?? "").trim();
  if (name === "") return { error: "Give the zone a name." };
  const common = readCommon(data, currency);
  if (common.error !== undefined) return { error: common.error };
  const outline = readOutline(String(data.get("polygon") ?? ""));
  if (outline.polygon === undefined) return { error: outline.error };
  const color = String(data.get("color") ?? "#1f77b4");
  return { body: { zone_name: name, delivery_fee: common.fee!, free_delivery_threshold: common.threshold!, priority: common.priority!, color, is_active: data.get("is_active") === "on", polygon: outline.polygon } };
};

const readTier = (form: HTMLFormElement, currency: string): { body?: TierBody; error?: string } => {
  const data = new FormData(form);
  const name = String(data.get("tier_name") ?? "").trim();
  if (name === "") return { error: "Give the tier a name." };
  const min = metersOf(String(data.get("min_km") ?? "").trim());
  const max = metersOf(String(data.get("max_km") ?? "").trim());
  if (min === undefined || max === undefined) return { error: "Enter the distances in km from the store, for example 0 and 15 (up to 3 decimals)." };
  if (max <= min || max > 20_038_000) return { error: "The tier must end further than it starts, and at most 20038 km away." };
  const common = readCommon(data, currency);
  if (common.error !== undefined) return { error: common.error };
  return { body: { tier_name: name, min_distance_meters: min, max_distance_meters: max, delivery_fee: common.fee!, free_delivery_threshold: common.threshold!, priority: common.priority!, is_active: data.get("is_active") === "on" } };
};

const ZoneFields = ({ zone, currency }: { zone: Zone | undefined; currency: string }) => (
  <>
    <label>
      Zone name
      <input name="zone_name" defaultValue={zone?.zone_name ?? ""} autoComplete="off" maxLength={200} />
    </label>
    <CommonFields currency={currency} fee={zone?.delivery_fee} threshold={zone?.free_delivery_threshold} priority={zone?.priority} active={zone?.is_active} what="zone" />
    <label>
      Colour on the map
      <input name="color" type="color" defaultValue={(zone?.color ?? "#1f77b4").toLowerCase()} />
    </label>
    <label>
      Outline: one point a line, latitude, longitude (3 points or more, in order around the zone)
      <textarea name="polygon" rows={5} defaultValue={(zone?.polygon ?? []).map(([lat, lon]) => `${lat}, ${lon}`).join("\n")} placeholder={"-1.2750, 36.8080\n-1.2750, 36.8300\n-1.2960, 36.8300"} />
    </label>
  </>
);

const TierFields = ({ tier, currency }: { tier: Tier | undefined; currency: string }) => (
  <>
    <label>
      Tier name
      <input name="tier_name" defaultValue={tier?.tier_name ?? ""} autoComplete="off" maxLength={200} />
    </label>
    <label>
      From (km from the store, included)
      <input name="min_km" inputMode="decimal" defaultValue={typedKm(tier?.min_distance_meters)} autoComplete="off" />
    </label>
    <label>
      To (km from the store, not included)
      <input name="max_km" inputMode="decimal" defaultValue={typedKm(tier?.max_distance_meters)} autoComplete="off" />
    </label>
    <CommonFields currency={currency} fee={tier?.delivery_fee} threshold={tier?.free_delivery_threshold} priority={tier?.priority} active={tier?.is_active} what="tier" />
  </>
);

const zoneSays = (z: Zone, currency: string): string =>
  `${z.zone_name}: ${feeText(z.delivery_fee, currency)} a delivery, ${freeSays(z.free_delivery_threshold, currency)}, priority ${z.priority}, ${z.polygon.length} points${z.is_active ? "" : " (off)"}.`;
const tierSays = (t: Tier, currency: string): string =>
  `${t.tier_name}: ${kmText(t.min_distance_meters)} to ${kmText(t.max_distance_meters)}, ${feeText(t.delivery_fee, currency)} a delivery, ${freeSays(t.free_delivery_threshold, currency)}${t.is_active ? "" : " (off)"}.`;



/** A form to add a record, or a panel to change one, around its fields; says what the write did. */
function RecordForm<Body, Saved>(props: {
  id: string;
  title: string;
  button: string;
  read: (form: HTMLFormElement) => { body?: Body; error?: string };
  write: (body: Body) => Promise<Saved>;
  said: (saved: Saved) => string;
  onDone: () => Promise<unknown>;
  onClose?: () => void;
  children: ReactNode;
}) {
  const [result, setResult] = useState<Result>({});
  const [formKey, setFormKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const editing = props.onClose !== undefined;
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing, props.id]);
  const write = useMutation({ mutationFn: props.write });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = props.read(event.currentTarget);
    if (read.body === undefined) return setResult({ error: read.error });
    try {
      const saved = await write.mutateAsync(read.body);
      setResult({ ok: props.said(saved) });
      if (!editing) setFormKey((k) => k + 1);
      await props.onDone();
    } catch (problem) {
      setResult({ error: explain(problem) });
    }
  };
  const titleId = `${props.id}-title`;
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={editing ? -1 : undefined}>
        {props.title}
      </h3>
      <form key={formKey} onSubmit={submit} noValidate>
        {props.children}
        <div className="actions">
          <button type="submit" disabled={write.isPending}>
            {props.button}
          </button>
          {props.onClose ? (
            <button type="button" onClick={props.onClose}>
              Close
            </button>
          ) : null}
        </div>
      </form>
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </section>
  );
}

const ZoneRow = ({ zone, currency, manage, onEdit, onResult }: { zone: Zone; currency: string; manage: boolean; onEdit: () => void; onResult: (result: Result) => Promise<unknown> }) => {
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/shipping/zones/{id}", { params: { path: { id: zone.id } } })) });
  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      await onResult({ ok: `Deleted the zone “${zone.zone_name}”: deliveries there are now priced by another zone or a distance tier, or refused.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  return (
    <tr>
      <th scope="row">
        <span className="swatch" style={{ backgroundColor: zone.color }} aria-hidden="true" /> {zone.zone_name}
      </th>
      <td className="n">{feeText(zone.delivery_fee, currency)}</td>
      <td>{freeFrom(zone.free_delivery_threshold, currency)}</td>
      <td className="n">{zone.priority}</td>
      <td>
        <details>
          <summary>{zone.polygon.length} points</summary>
          <ol className="points">
            {zone.polygon.map(([lat, lon], i) => (
              <li key={i}>
                {lat}, {lon}
              </li>
            ))}
          </ol>
        </details>
      </td>
      <td>{zone.is_active ? "on" : "off"}</td>
      {manage ? (
        <td>
          <div className="actions">
            <button type="button" onClick={onEdit} aria-label={`Change ${zone.zone_name}`} data-change={zone.id}>
              Change
            </button>
            <ConfirmButton verb="delete" what={`the zone ${zone.zone_name}`} pending={remove.isPending} onConfirmed={doDelete} />
          </div>
        </td>
      ) : null}
    </tr>
  );
};

const TierRow = ({ tier, currency, manage, onEdit, onResult }: { tier: Tier; currency: string; manage: boolean; onEdit: () => void; onResult: (result: Result) => Promise<unknown> }) => {
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/admin/v1/shipping/tiers/{id}", { params: { path: { id: tier.id } } })) });
  const doDelete = async () => {
    try {
      await remove.mutateAsync();
      await onResult({ ok: `Deleted the tier “${tier.tier_name}”: deliveries ${kmText(tier.min_distance_meters)} to ${kmText(tier.max_distance_meters)} away are now priced by another tier or zone, or refused.` });
    } catch (problem) {
      await onResult({ error: explain(problem) });
    }
  };
  return (
    <tr>
      <th scope="row">{tier.tier_name}</th>
      <td>
        {kmText(tier.min_distance_meters)} to {kmText(tier.max_distance_meters)}
      </td>
      <td className="n">{feeText(tier.delivery_fee, currency)}</td>
      <td>{freeFrom(tier.free_delivery_threshold, currency)}</td>
      <td className="n">{tier.priority}</td>
      <td>{tier.is_active ? "on" : "off"}</td>
      {manage ? (
        <td>
          <div className="actions">
            <button type="button" onClick={onEdit} aria-label={`Change ${tier.tier_name}`} data-change={tier.id}>
              Change
            </button>
            <ConfirmButton verb="delete" what={`the tier ${tier.tier_name}`} pending={remove.isPending} onConfirmed={doDelete} />
          </div>
        </td>
      ) : null}
    </tr>
  );
};

export const ShippingPage = ({ session }: { session: Session }) => {
  const client = useQueryClient();
  const manage = can(session, "shipping.manage");
  const [zoneResult, setZoneResult] = useState<Result>({});
  const [tierResult, setTierResult] = useState<Result>({});
  const [editingZone, setEditingZone] = useState<string>();
  const [editingTier, setEditingTier] = useState<string>();
  const shipping = useQuery({ queryKey: SHIPPING_KEY, queryFn: async () => answer(await api.GET("/admin/v1/shipping/zones")) });
  const refresh = () => client.invalidateQueries({ queryKey: SHIPPING_KEY });
  const failed = shipping.error;
  // The store's base currency, in which fees are kept (every member has it from /me).
  const base = session.store.base_currency;
  const data = shipping.data;
  if (failed) {
    return (
      <>
        <h1>Shipping</h1>
        <Notice kind="error">{explain(failed)}</Notice>
      </>
    );
  }
  if (data === undefined) {
    return (
      <>
        <h1>Shipping</h1>
        <p className="loading">Loading delivery zones and tiers…</p>
      </>
    );
  }
  const zone = data.delivery_zones.find((z) => z.id === editingZone);
  const tier = data.pricing_tiers.find((t) => t.id === editingTier);
  return (
    <>
      <h1>Shipping</h1>
      <p className="muted">
        A delivery is priced by the zone that holds its address (the highest priority where zones overlap); outside every zone, by the distance tier that holds its distance from the store's location (Settings); outside both, it is refused. Fees are in {base}; changes apply to quotes and checkouts at once.
      </p>
      {manage ? null : <p>Your role may read these; changing them needs an owner or a manager.</p>}

      <h2>Delivery zones</h2>
      <Notice kind="success">{zoneResult.ok}</Notice>
      <Notice kind="error">{zoneResult.error}</Notice>
      {data.delivery_zones.length === 0 ? (
        <p>No delivery zone yet{manage ? ": add one below" : ""}.</p>
      ) : (
        <ScrollArea label="Delivery zones" busy={shipping.isFetching}>
          <table>
            <thead>
              <tr>
                <th scope="col">Zone</th>
                <th scope="col">Fee</th>
                <th scope="col">Free delivery for</th>
                <th scope="col">Priority</th>
                <th scope="col">Outline</th>
                <th scope="col">State</th>
                {manage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.delivery_zones.map((z) => (
                <ZoneRow
                  key={z.id}
                  zone={z}
                  currency={base}
                  manage={manage}
                  onEdit={() => setEditingZone(z.id)}
                  onResult={async (next) => {
                    if (next.ok !== undefined && editingZone === z.id) setEditingZone(undefined);
                    setZoneResult(next);
                    await refresh();
                  }}
                />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {manage && zone !== undefined ? (
        <RecordForm
          key={zone.id}
          id="edit-zone"
          title={`Change the zone “${zone.zone_name}”`}
          button="Save zone"
          read={(form) => readZone(form, base)}
          write={async (body: ZoneBody) => answer(await api.PATCH("/admin/v1/shipping/zones/{id}", { params: { path: { id: zone.id } }, body }))}
          said={(saved) => `Saved. ${zoneSays(saved, base)}`}
          onDone={refresh}
          onClose={() => closeEditor(zone.id, setEditingZone)}
        >
          <ZoneFields zone={zone} currency={base} />
        </RecordForm>
      ) : null}
      {manage ? (
        <RecordForm
          id="add-zone"
          title="Add a delivery zone"
          button="Add zone"
          read={(form) => readZone(form, base)}
          write={async (body: ZoneBody) => answer(await api.POST("/admin/v1/shipping/zones", { body }))}
          said={(saved) => `Zone added. ${zoneSays(saved, base)}`}
          onDone={refresh}
        >
          <ZoneFields zone={undefined} currency={base} />
        </RecordForm>
      ) : null}

      <h2>Distance tiers</h2>
      <Notice kind="success">{tierResult.ok}</Notice>
      <Notice kind="error">{tierResult.error}</Notice>
      {data.pricing_tiers.length === 0 ? (
        <p>No distance tier yet{manage ? ": add one below" : ""}: outside the zones, deliveries are refused.</p>
      ) : (
        <ScrollArea label="Distance tiers" busy={shipping.isFetching}>
          <table>
            <thead>
              <tr>
                <th scope="col">Tier</th>
                <th scope="col">Distance from the store</th>
                <th scope="col">Fee</th>
                <th scope="col">Free delivery for</th>
                <th scope="col">Priority</th>
                <th scope="col">State</th>
                {manage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.pricing_tiers.map((t) => (
                <TierRow
                  key={t.id}
                  tier={t}
                  currency={base}
                  manage={manage}
                  onEdit={() => setEditingTier(t.id)}
                  onResult={async (next) => {
                    if (next.ok !== undefined && editingTier === t.id) setEditingTier(undefined);
                    setTierResult(next);
                    await refresh();
                  }}
                />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {manage && tier !== undefined ? (
        <RecordForm
          key={tier.id}
          id="edit-tier"
          title={`Change the tier “${tier.tier_name}”`}
          button="Save tier"
          read={(form) => readTier(form, base)}
          write={async (body: TierBody) => answer(await api.PATCH("/admin/v1/shipping/tiers/{id}", { params: { path: { id: tier.id } }, body }))}
          said={(saved) => `Saved. ${tierSays(saved, base)}`}
          onDone={refresh}
          onClose={() => closeEditor(tier.id, setEditingTier)}
        >
          <TierFields tier={tier} currency={base} />
        </RecordForm>
      ) : null}
      {manage ? (
        <RecordForm
          id="add-tier"
          title="Add a distance tier"
          button="Add tier"
          read={(form) => readTier(form, base)}
          write={async (body: TierBody) => answer(await api.POST("/admin/v1/shipping/tiers", { body }))}
          said={(saved) => `Tier added. ${tierSays(saved, base)}`}
          onDone={refresh}
        >
          <TierFields tier={undefined} currency={base} />
        </RecordForm>
      ) : null}
    </>
  );
};

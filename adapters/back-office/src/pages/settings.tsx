// Settings (`settings.manage`): the store's settings the admin API exposes (GET/PATCH
// /admin/v1/store): name, location (the origin of delivery distances), time zone, and the seller's
// address and tax number its invoices print (docs/invoices.md, "What an invoice holds"); the base
// currency is shown and does not change. Taxes have their own page (pages/taxes.tsx): the
// store's `tax_rate_percent` is deprecated (docs/taxes.md, "The store's settings over HTTP"). A value out of range is said beside its field, both
// before any request and when the API refuses it (its `param` names the field).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, ApiProblem, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { formatDateTime } from "../formatting.js";
import { followLink } from "../navigation.js";
import { SESSION_KEY } from "../session.js";

type Store = components["schemas"]["Store"];
type SellerAddress = { name: string; line1: string; line2?: string; city: string; postal_code?: string; country: string };
type Patch = { name?: string; latitude?: number | null; longitude?: number | null; time_zone?: string; address?: SellerAddress | null; tax_number?: string | null };
const FIELDS = ["name", "latitude", "longitude", "time_zone", "address", "tax_number"] as const;
/** The address's inputs, each named `address.<field>`; all empty clears the address. */
const ADDRESS_FIELDS = ["name", "line1", "line2", "city", "postal_code", "country"] as const;

/**
 * Zones the IANA database renamed, which browsers' time zone data (CLDR) still lists by the old
 * name: a person in Kathmandu or Kyiv looks for today's name. Both names work everywhere.
 */
const RENAMED: Readonly<Record<string, string>> = {
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "America/Godthab": "America/Nuuk",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Enderbury": "Pacific/Kanton",
};

/** The IANA zones this browser knows by today's names (UTC among them), and the store's own even if it does not. */
const zonesWith = (current: string): readonly string[] => {
  const known = Intl.supportedValuesOf("timeZone").map((zone) => RENAMED[zone] ?? zone);
  return [...new Set([...known, "UTC", current])].sort();
};
type Field = (typeof FIELDS)[number];

/** The typed values of the form, or what is wrong with each field. */
const read = (form: HTMLFormElement, store: Store): { patch: Patch; errors: Partial<Record<Field, string>> } => {
  const data = new FormData(form);
  const text = (name: Field) => String(data.get(name) ?? "").trim();
  const errors: Partial<Record<Field, string>> = {};
  const patch: Patch = {};
  const name = text("name");
  if (name === "") errors.name = "The store needs a name.";
  else if (name !== store.name) patch.name = name;
  const number = (field: Field, min: number, max: number, what: string): number | null | undefined => {
    const raw = text(field);
    if (raw === "") return null;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      errors[field] = `${what} is a number from ${min} to ${max}.`;
      return undefined;
    }
    return value;
  };
  const latitude = number("latitude", -90, 90, "Latitude");
  const longitude = number("longitude", -180, 180, "Longitude");
  if (latitude !== undefined && longitude !== undefined) {
    if ((latitude === null) !== (longitude === null)) errors[latitude === null ? "latitude" : "longitude"] = "Give both latitude and longitude, or clear both.";
    else if (latitude !== store.latitude || longitude !== store.longitude) Object.assign(patch, { latitude, longitude });
  }
  const zone = text("time_zone");
  if (zone !== "" && zone !== store.time_zone) patch.time_zone = zone;
  // The seller on invoices: an address with its registered name, line, city and country, or none.
  const part = (field: (typeof ADDRESS_FIELDS)[number]) => String(data.get(`address.${field}`) ?? "").trim();
  const given = ADDRESS_FIELDS.filter((field) => part(field) !== "");
  let address: SellerAddress | null = null;
  if (given.length > 0) {
    const missing = (["name", "line1", "city", "country"] as const).filter((field) => part(field) === "");
    const country = part("country").toUpperCase();
    if (missing.length > 0) errors.address = `An address needs the registered name, the first line, the city and the country (missing: ${missing.map((m) => m.replace("line1", "first line")).join(", ")}); or clear every address field.`;
    else if (!/^[A-Z]{2}$/.test(country)) errors.address = "The country is a two-letter ISO code such as KE.";
    else {
      address = { name: part("name"), line1: part("line1"), city: part("city"), country };
      if (part("line2") !== "") address.line2 = part("line2");
      if (part("postal_code") !== "") address.postal_code = part("postal_code");
    }
  }
  // Compared field by field, in one order: only a changed address is sent.
  const fieldsOf = (a: Partial<Record<(typeof ADDRESS_FIELDS)[number], string>> | null) => (a === null ? "" : ADDRESS_FIELDS.map((field) => a[field] ?? "").join("\u0000"));
  if (errors.address === undefined && fieldsOf(address) !== fieldsOf(store.address)) patch.address = address;
  const taxNumber = text("tax_number");
  if (taxNumber.length > 64) errors.tax_number = "The tax number has at most 64 characters.";
  else if ((taxNumber === "" ? null : taxNumber) !== store.tax_number) patch.tax_number = taxNumber === "" ? null : taxNumber;
  return { patch, errors };
};

const FieldError = ({ field, message }: { field: Field; message: string | undefined }) =>
  message === undefined ? null : (
    <span className="field-error" id={`${field}-error`}>
      {message}
    </span>
  );

export const SettingsPage = () => {
  const client = useQueryClient();
  const store = useQuery({ queryKey: ["store"], queryFn: async () => answer(await api.GET("/admin/v1/store")) });
  const [result, setResult] = useState<{ ok?: string; error?: string }>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: async (body: Patch) => answer(await api.PATCH("/admin/v1/store", { body })),
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (store.data === undefined) return;
    const { patch, errors: found } = read(event.currentTarget, store.data);
    setErrors(found);
    if (Object.keys(found).length > 0) return setResult({ error: "Some values need correcting: see beside each field." });
    if (Object.keys(patch).length === 0) return setResult({ ok: "Nothing changed: every value is as saved." });
    try {
      const done = await save.mutateAsync(patch);
      const changed = Object.keys(patch).map((key) => key.replace(/_/g, " "));
      setResult({ ok: `Saved ${changed.join(", ")} for ${done.name}.` });
      client.setQueryData(["store"], done);
      // Dates everywhere follow the store's zone: the session (GET /me) carries it.
      if (patch.time_zone !== undefined) await client.invalidateQueries({ queryKey: SESSION_KEY });
    } catch (problem) {
      const field = problem instanceof ApiProblem ? FIELDS.find((f) => f === problem.param || problem.param?.startsWith(`${f}.`) === true) : undefined;
      if (field !== undefined) setErrors({ [field]: explain(problem) });
      setResult({ error: field !== undefined ? "The server refused a value: see beside the field." : explain(problem) });
    }
  };
  const s = store.data;
  const describe = (field: Field) => (errors[field] !== undefined ? { "aria-invalid": true, "aria-describedby": `${field}-error` } : {});
  const ADDRESS_LABELS: Record<(typeof ADDRESS_FIELDS)[number], string> = {
    name: "Registered name",
    line1: "Address, first line",
    line2: "Address, second line",
    city: "City",
    postal_code: "Postal code",
    country: "Country (two-letter code)",
  };
  return (
    <>
      <h1>Settings</h1>
      {store.isError ? <Notice kind="error">{explain(store.error)}</Notice> : null}
      {s === undefined ? (
        store.isPending ? <p className="loading">Loading the store…</p> : null
      ) : (
        <form key={JSON.stringify(s)} className="panel" onSubmit={submit} aria-labelledby="store-title" noValidate>
          <h2 id="store-title">The store</h2>
          <dl className="facts">
            <dt>Base currency</dt>
            <dd>{s.base_currency} (does not change)</dd>
            <dt>Since</dt>
            <dd>{formatDateTime(s.created_at)}</dd>
          </dl>
          <label>
            Name
            <input name="name" defaultValue={s.name} autoComplete="organization" {...describe("name")} />
            <FieldError field="name" message={errors.name} />
          </label>
          <fieldset>
            <legend>Location (where delivery distances are measured from; clear both to price deliveries by zones only)</legend>
            <label>
              Latitude
              <input name="latitude" inputMode="decimal" defaultValue={s.latitude ?? ""} {...describe("latitude")} />
              <FieldError field="latitude" message={errors.latitude} />
            </label>
            <label>
              Longitude
              <input name="longitude" inputMode="decimal" defaultValue={s.longitude ?? ""} {...describe("longitude")} />
              <FieldError field="longitude" message={errors.longitude} />
            </label>
          </fieldset>
          <p>
            Prices {s.prices_include_tax ? "include" : "exclude"} tax. Tax zones, rates and classes are on the{" "}
            <a href="/admin/taxes" onClick={followLink}>
              Taxes
            </a>{" "}
            page.
          </p>
          <label>
            Time zone (the dashboard counts its days in it; every date here is shown in it)
            <select name="time_zone" defaultValue={s.time_zone} {...describe("time_zone")}>
              {zonesWith(s.time_zone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, " ")}
                </option>
              ))}
            </select>
            <FieldError field="time_zone" message={errors.time_zone} />
          </label>
          <fieldset>
            <legend>The seller on invoices and credit notes (documents already issued keep what they printed)</legend>
            {ADDRESS_FIELDS.map((field) => (
              <label key={field}>
                {ADDRESS_LABELS[field]}
                <input name={`address.${field}`} defaultValue={s.address?.[field] ?? ""} autoComplete="off" {...describe("address")} />
              </label>
            ))}
            <FieldError field="address" message={errors.address} />
            <label>
              Tax number (a VAT number or KRA PIN)
              <input name="tax_number" defaultValue={s.tax_number ?? ""} autoComplete="off" {...describe("tax_number")} />
              <FieldError field="tax_number" message={errors.tax_number} />
            </label>
          </fieldset>
          <button type="submit" disabled={save.isPending}>
            Save settings
          </button>
        </form>
      )}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </>
  );
};

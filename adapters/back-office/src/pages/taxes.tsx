// Taxes (`settings.manage`): the store's tax settings as GET/PUT /admin/v1/store/tax-settings
// hold them (docs/taxes.md, "The store's settings over HTTP"): whether prices include tax, the
// tax zones (a country, or a region of it) with a rate per tax class, the default zone for places
// no zone covers, and the class the delivery fee is taxed under. The settings are saved as a
// whole. The API checks them against the classes the catalog uses: a zone without a rate for one
// of them is refused, and the page says which zone beside it (the answer's `param`,
// `zones[1].rates`, names the row).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { components } from "storefront/admin-client";
import { answer, api, ApiProblem, explain } from "../api.js";
import { Notice } from "../feedback.js";
import { ScrollArea } from "../scroll-area.js";

type TaxSettings = components["schemas"]["TaxSettings"];
type Zone = TaxSettings["zones"][number];

/** The classes every store has; `zero` and `exempt` are 0 % everywhere and take no rate. */
const BUILT_IN = ["standard", "reduced"] as const;
const NO_RATE = new Set(["zero", "exempt"]);
const TAX_KEY = ["tax-settings"] as const;

/** A zone as the form edits it: `saved` zones keep their id (orders keep it). */
interface ZoneRow {
  readonly key: string;
  readonly saved: boolean;
  id: string;
  name: string;
  country: string;
  region: string;
  rates: Record<string, string>;
}

const rowOf = (zone: Zone, index: number): ZoneRow => ({
  key: `saved-${index}-${zone.id}`,
  saved: true,
  id: zone.id,
  name: zone.name,
  country: zone.country,
  region: zone.region ?? "",
  rates: { ...zone.rates },
});

/** The classes the settings name: the built-in ones with rates, then each store-named class once. */
const classesOf = (settings: TaxSettings): string[] => {
  const named = new Set<string>(BUILT_IN);
  for (const zone of settings.zones) for (const taxClass of Object.keys(zone.rates)) if (!NO_RATE.has(taxClass)) named.add(taxClass);
  if (!NO_RATE.has(settings.shipping_tax_class)) named.add(settings.shipping_tax_class);
  return [...named];
};

const RATE = /^\d{1,3}(\.\d{1,4})?$/;
const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const CLASS = /^[a-z][a-z0-9_-]{0,39}$/;

/** The body to PUT, or what is wrong, by row (index) or for the whole form. */
const bodyOf = (
  rows: readonly ZoneRow[],
  classes: readonly string[],
  pricesIncludeTax: boolean,
  defaultZone: string,
  shippingClass: string,
): { body?: TaxSettings; rowErrors: Record<number, string>; error?: string } => {
  const rowErrors: Record<number, string> = {};
  const ids = new Set<string>();
  const zones: Zone[] = rows.map((row, index) => {
    const problems: string[] = [];
    const id = row.id.trim();
    if (!ID.test(id)) problems.push("the id is 1-40 lower-case letters, digits or dashes");
    else if (ids.has(id)) problems.push(`another zone has the id ${id}`);
    ids.add(id);
    if (row.name.trim() === "") problems.push("the zone needs a name");
    const country = row.country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) problems.push("the country is a two-letter ISO code such as KE");
    const rates: Record<string, string> = {};
    for (const taxClass of classes) {
      const rate = (row.rates[taxClass] ?? "").trim();
      if (rate === "") continue;
      if (!RATE.test(rate) || Number(rate) > 100) problems.push(`the ${taxClass} rate is a percentage from 0 to 100 with at most four decimals`);
      else rates[taxClass] = rate;
    }
    if (problems.length > 0) rowErrors[index] = `Zone ${index + 1}: ${problems.join("; ")}.`;
    return { id, name: row.name.trim(), country, region: row.region.trim() === "" ? null : row.region.trim(), rates };
  });
  if (zones.length === 0) return { rowErrors, error: "Keep at least one zone: the default zone taxes every place no other zone covers." };
  if (!zones.some((zone) => zone.id === defaultZone)) return { rowErrors, error: "Choose the default zone among the zones." };
  if (Object.keys(rowErrors).length > 0) return { rowErrors, error: "Some zones need correcting: see beside each." };
  return { body: { prices_include_tax: pricesIncludeTax, zones, default_zone_id: defaultZone, shipping_tax_class: shippingClass }, rowErrors };
};

/** The zone row an answer's `param` (`zones[2].rates`, `zones[0].country`) points at. */
const rowOfParam = (param: string | undefined): number | undefined => {
  const found = /^zones\[(\d+)\]/.exec(param ?? "");
  return found === null ? undefined : Number(found[1]);
};

type Result = { ok?: string; error?: string };

const TaxForm = ({ saved, setResult }: { saved: TaxSettings; setResult: (result: Result) => void }) => {
  const client = useQueryClient();
  const [pricesIncludeTax, setPricesIncludeTax] = useState(saved.prices_include_tax);
  const [rows, setRows] = useState<ZoneRow[]>(() => saved.zones.map(rowOf));
  const [classes, setClasses] = useState<string[]>(() => classesOf(saved));
  const [defaultZone, setDefaultZone] = useState(saved.default_zone_id);
  const [shippingClass, setShippingClass] = useState(saved.shipping_tax_class);
  const [newClass, setNewClass] = useState("");
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [added, setAdded] = useState(0);
  const save = useMutation({
    mutationFn: async (body: TaxSettings) => answer(await api.PUT("/admin/v1/store/tax-settings", { body })),
  });

  const change = (index: number, patch: Partial<ZoneRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const changeRate = (index: number, taxClass: string, rate: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, rates: { ...row.rates, [taxClass]: rate } } : row)));
  const addZone = () => {
    setRows((current) => [...current, { key: `new-${added}`, saved: false, id: "", name: "", country: "", region: "", rates: {} }]);
    setAdded((n) => n + 1);
  };
  const removeZone = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setRowErrors({});
  };
  const addClass = () => {
    const taxClass = newClass.trim().toLowerCase();
    if (!CLASS.test(taxClass)) return setResult({ error: "A tax class is 1-40 lower-case letters, digits, dashes or underscores, starting with a letter." });
    if (classes.includes(taxClass) || NO_RATE.has(taxClass)) return setResult({ error: `The class ${taxClass} is already there.` });
    setClasses((current) => [...current, taxClass]);
    setNewClass("");
    setResult({ ok: `Added the class ${taxClass}: give each zone its rate, then save.` });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = bodyOf(rows, classes, pricesIncludeTax, defaultZone, shippingClass);
    setRowErrors(checked.rowErrors);
    if (checked.body === undefined) return setResult({ error: checked.error });
    try {
      const done = await save.mutateAsync(checked.body);
      client.setQueryData(TAX_KEY, done);
      // The store's own answer says whether prices include tax.
      await client.invalidateQueries({ queryKey: ["store"] });
      setResult({ ok: `Saved the tax settings: ${done.zones.length} zone${done.zones.length === 1 ? "" : "s"}, prices ${done.prices_include_tax ? "include" : "exclude"} tax.` });
    } catch (problem) {
      const row = problem instanceof ApiProblem ? rowOfParam(problem.param) : undefined;
      if (row !== undefined) setRowErrors({ [row]: explain(problem) });
      setResult({ error: row !== undefined ? `The server refused zone ${row + 1}: see beside it. ${explain(problem)}` : explain(problem) });
    }
  };

  const invalid = (index: number) => (rowErrors[index] !== undefined ? { "aria-invalid": true, "aria-describedby": `zone-${index}-error` } : {});
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="tax-title" noValidate>
      <h2 id="tax-title">Tax settings</h2>
      <fieldset>
        <legend>Shelf prices</legend>
        <label className="inline">
          <input type="radio" name="prices_include_tax" checked={pricesIncludeTax} onChange={() => setPricesIncludeTax(true)} /> Include tax: the price shown is what the shopper pays, with the tax inside
        </label>
        <label className="inline">
          <input type="radio" name="prices_include_tax" checked={!pricesIncludeTax} onChange={() => setPricesIncludeTax(false)} /> Exclude tax: the tax is added at checkout
        </label>
      </fieldset>
      <h3 id="zones-title">Zones and rates (percent)</h3>
      <p>
        An order is taxed in the zone of its shipping address's region, else of its country, else in the default zone. Leave a rate empty where the zone has
        none; the classes zero and exempt are 0 % everywhere.
      </p>
      <ScrollArea label="Tax zones">
        <table aria-labelledby="zones-title">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Name</th>
              <th scope="col">Country</th>
              <th scope="col">Region (empty: the whole country)</th>
              {classes.map((taxClass) => (
                <th scope="col" key={taxClass}>
                  {taxClass}
                </th>
              ))}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key}>
                <td>
                  {row.saved ? (
                    <span>{row.id}</span>
                  ) : (
                    <input aria-label={`Zone ${index + 1} id`} value={row.id} onChange={(e) => change(index, { id: e.target.value })} size={8} autoComplete="off" {...invalid(index)} />
                  )}
                  {rowErrors[index] !== undefined ? (
                    <span className="field-error" id={`zone-${index}-error`}>
                      {rowErrors[index]}
                    </span>
                  ) : null}
                </td>
                <td>
                  <input aria-label={`Zone ${index + 1} name`} value={row.name} onChange={(e) => change(index, { name: e.target.value })} size={12} autoComplete="off" {...invalid(index)} />
                </td>
                <td>
                  <input aria-label={`Zone ${index + 1} country`} value={row.country} onChange={(e) => change(index, { country: e.target.value })} size={3} maxLength={2} autoComplete="off" {...invalid(index)} />
                </td>
                <td>
                  <input aria-label={`Zone ${index + 1} region`} value={row.region} onChange={(e) => change(index, { region: e.target.value })} size={10} autoComplete="off" {...invalid(index)} />
                </td>
                {classes.map((taxClass) => (
                  <td key={taxClass}>
                    <input
                      aria-label={`Zone ${index + 1} ${taxClass} rate`}
                      inputMode="decimal"
                      value={row.rates[taxClass] ?? ""}
                      onChange={(e) => changeRate(index, taxClass, e.target.value)}
                      size={5}
                      autoComplete="off"
                      {...invalid(index)}
                    />
                  </td>
                ))}
                <td>
                  <button type="button" onClick={() => removeZone(index)} disabled={rows.length === 1} aria-label={`Remove zone ${index + 1} (${row.name || "new"})`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <div className="inline-form">
        <button type="button" onClick={addZone}>
          Add a zone
        </button>
        <label>
          New tax class
          <input value={newClass} onChange={(e) => setNewClass(e.target.value)} size={12} autoComplete="off" />
        </label>
        <button type="button" onClick={addClass}>
          Add the class
        </button>
      </div>
      <label>
        Default zone (taxes places no zone covers)
        <select value={defaultZone} onChange={(e) => setDefaultZone(e.target.value)}>
          {rows
            .filter((row) => row.id.trim() !== "")
            .map((row) => (
              <option key={row.key} value={row.id.trim()}>
                {row.id.trim()} ({row.name || "no name yet"})
              </option>
            ))}
        </select>
      </label>
      <label>
        Delivery fee taxed as
        <select value={shippingClass} onChange={(e) => setShippingClass(e.target.value)}>
          {[...classes, ...NO_RATE].map((taxClass) => (
            <option key={taxClass} value={taxClass}>
              {taxClass}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={save.isPending}>
        Save tax settings
      </button>
    </form>
  );
};

export const TaxesPage = () => {
  const settings = useQuery({ queryKey: TAX_KEY, queryFn: async () => answer(await api.GET("/admin/v1/store/tax-settings")) });
  // Kept here: a save gives the form new settings, which starts it afresh, and the outcome stays said.
  const [result, setResult] = useState<Result>({});
  return (
    <>
      <h1>Taxes</h1>
      {settings.isError ? <Notice kind="error">{explain(settings.error)}</Notice> : null}
      {settings.data === undefined ? (
        settings.isPending ? <p className="loading">Loading the tax settings…</p> : null
      ) : (
        <TaxForm key={JSON.stringify(settings.data)} saved={settings.data} setResult={setResult} />
      )}
      <Notice kind="success">{result.ok}</Notice>
      <Notice kind="error">{result.error}</Notice>
    </>
  );
};

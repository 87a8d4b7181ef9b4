// The store's tax settings (docs/taxes.md, "A store's settings"): read them, and replace them as a
// whole once checkTaxSettings accepts them with the classes the store's products and variants name.
// This module holds what the use cases GetTaxSettings and ReplaceTaxSettings share (one class a
// file, docs/architecture.md, the application/ ring).
import { type TaxSettingsProblem } from "../../domain/tax/tax-settings.js";

/** One refused point in the API's words: where in the body, and what is wrong (docs/taxes.md, "Refused settings"). */
export const describeProblem = (problem: TaxSettingsProblem, zoneIndex: (id: string) => number): { param: string; message: string } => {
  const at = (id: string) => `zones[${zoneIndex(id)}]`;
  switch (problem.kind) {
    case "missing_rate":
      return { param: `${at(problem.zoneId)}.rates`, message: `tax zone ${problem.zoneId} has no rate for tax class ${problem.taxClass}, which is in use` };
    case "same_place":
      return { param: at(problem.zoneIds[1]), message: `tax zones ${problem.zoneIds[0]} and ${problem.zoneIds[1]} cover the same place (${problem.country}${problem.region === null ? "" : `, ${problem.region}`})` };
    case "duplicate_zone_id":
      return { param: at(problem.zoneId), message: `two tax zones have the id ${problem.zoneId}` };
    case "unknown_default_zone":
      return { param: "default_zone_id", message: `default_zone_id ${problem.zoneId} names no zone` };
    case "invalid_country":
      return { param: `${at(problem.zoneId)}.country`, message: `tax zone ${problem.zoneId} has no valid country (${problem.country})` };
    case "invalid_tax_class":
      return problem.zoneId === null
        ? { param: "shipping_tax_class", message: `${problem.taxClass} is not a tax class name` }
        : { param: `${at(problem.zoneId)}.rates`, message: `tax zone ${problem.zoneId} rates ${problem.taxClass}, which is not a tax class name` };
    case "invalid_rate":
      return { param: `${at(problem.zoneId)}.rates.${problem.taxClass}`, message: `tax zone ${problem.zoneId} has an invalid rate for ${problem.taxClass}` };
    case "fixed_rate_class":
      return { param: `${at(problem.zoneId)}.rates.${problem.taxClass}`, message: `tax zone ${problem.zoneId} gives ${problem.taxClass} a rate other than 0; ${problem.taxClass} is always 0` };
  }
};

// The example of the admin API's catalog import (docs/catalog-import.md, "From the admin API and
// the back office"): a dry run of a CSV of two products, one of which has a price that is no whole
// number. The document shows the file base64-encoded under `text/csv`; the examples test sends its
// bytes.
import type { RouteExample } from "../route-definition.js";

/**
 * ```csv
 * product_handle,name,category,sku,price,stock,variant_name,variant_attributes
 * canvas-tote,Canvas Tote,Bags,TOTE-NAT,240000,15,Natural,colour=Natural
 * canvas-tote,,,TOTE-BLK,240000,9,Black,colour=Black
 * wax-candle,Wax Candle,Home,CANDLE-1,abc,5,,
 * ```
 */
export const EXAMPLE_CATALOG_CSV_BASE64 =
  "cHJvZHVjdF9oYW5kbGUsbmFtZSxjYXRlZ29yeSxza3UscHJpY2Usc3RvY2ssdmFyaWFudF9uYW1lLHZhcmlhbnRfYXR0cmlidXRlcwpjYW52YXMtdG90ZSxDYW52YXMgVG90ZSxCYWdzLFRPVEUtTkFULDI0MDAwMCwxNSxOYXR1cmFsLGNvbG91cj1OYXR1cmFsCmNhbnZhcy10b3RlLCwsVE9URS1CTEssMjQwMDAwLDksQmxhY2ssY29sb3VyPUJsYWNrCndheC1jYW5kbGUsV2F4IENhbmRsZSxIb21lLENBTkRMRS0xLGFiYyw1LCwK";

export const adminCatalogImportExamples = {
  adminImportCatalog: {
    query: { dry_run: "true" },
    body: EXAMPLE_CATALOG_CSV_BASE64,
    response: {
      status: 200,
      body: {
        dry_run: true,
        format: "csv",
        rows_read: 3,
        products: 2,
        created: 1,
        updated: 0,
        renamed: [],
        rejected: [{ line: 4, reason: 'price: "abc" is not a whole number of minor units (write 1250 for 12.50)' }],
      },
    },
  },
} satisfies Record<string, RouteExample>;

// The demo store's catalog (docs/api/demo-store.md, "What the demo store holds"): 4 active
// categories with subcategories and 1 inactive one, 40 active products (multi-variant and simple,
// some on sale, some out of stock, some at their low-stock threshold) and 2 collections. Made
// through the use cases.
import { CreateCategory } from "../../application/catalog/create-category.js";
import { CreateSubcategory } from "../../application/catalog/create-subcategory.js";
import { CreateCollection } from "../../application/catalog/create-collection.js";
import { ReplaceCollectionItems } from "../../application/catalog/replace-collection-items.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import type { ProductInput, VariantInput } from "../../application/catalog/catalog-inputs.js";
import { CreateProduct } from "../../application/catalog/create-product.js";
import type { DemoRandom } from "./demo-random.js";

interface Template {
  readonly name: string;
  readonly brand: string;
  readonly tags: readonly string[];
  /** Base price in KES. */
  readonly kes: number;
  readonly options?: { readonly name: string; readonly values: readonly string[] };
  /**
   * The demo's food is zero-rated, as Kenya zero-rates basic foods (demo-taxes.ts); everything else
   * is standard.
   */
  readonly taxClass?: "zero";
}

const CATALOG: Readonly<Record<string, Readonly<Record<string, readonly Template[]>>>> = {
  "Living Room": {
    Sofas: [
      { name: "Kilimani Three-Seater Sofa", brand: "Savanna Living", tags: ["sofa", "couch"], kes: 89_000, options: { name: "colour", values: ["Grey", "Olive", "Sand"] } },
      { name: "Lavington Corner Couch", brand: "Savanna Living", tags: ["sofa", "couch", "sectional"], kes: 145_000, options: { name: "colour", values: ["Charcoal", "Cream"] } },
      { name: "Ngong Loveseat", brand: "Rift Valley Home", tags: ["sofa", "loveseat"], kes: 52_000 },
    ],
    Lighting: [
      { name: "Rattan Pendant Lamp", brand: "Lamu Craft", tags: ["lamp", "light", "rattan"], kes: 7_800, options: { name: "size", values: ["Small", "Large"] } },
      { name: "Brass Floor Lamp", brand: "Lamu Craft", tags: ["lamp", "light", "brass"], kes: 14_500 },
      { name: "Soapstone Table Lamp", brand: "Kisii Stoneworks", tags: ["lamp", "soapstone"], kes: 6_200 },
    ],
    Rugs: [
      { name: "Maasai Shuka Rug", brand: "Rift Valley Home", tags: ["rug", "carpet", "red"], kes: 11_000, options: { name: "size", values: ["120x180", "160x230", "200x300"] } },
      { name: "Sisal Round Mat", brand: "Kiondo Weavers", tags: ["rug", "sisal", "natural"], kes: 4_500 },
    ],
  },
  Kitchen: {
    Cookware: [
      { name: "Cast Iron Sufuria", brand: "Jiko Works", tags: ["pot", "cookware"], kes: 3_900, options: { name: "size", values: ["2L", "4L", "6L"] } },
      { name: "Clay Cooking Pot", brand: "Kisii Stoneworks", tags: ["pot", "clay"], kes: 2_400 },
      { name: "Carbon Steel Wok", brand: "Jiko Works", tags: ["wok", "cookware"], kes: 3_200 },
    ],
    Tableware: [
      { name: "Crème Stoneware Mug", brand: "Lamu Craft", tags: ["mug", "cup", "coffee"], kes: 950, options: { name: "colour", values: ["Cream", "Indigo", "Terracotta"] } },
      { name: "Olive Wood Salad Bowl", brand: "Mombasa Woodworks", tags: ["bowl", "wood"], kes: 2_800 },
      { name: "Hand-blown Glass Tumblers (set of 4)", brand: "Kitengela Glass", tags: ["glass", "tumbler"], kes: 3_600 },
      { name: "Enamel Dinner Plate", brand: "Jiko Works", tags: ["plate", "enamel"], kes: 700, options: { name: "colour", values: ["White", "Blue"] } },
    ],
    Coffee: [
      { name: "Kenyan AA Coffee Beans", brand: "Nyeri Highlands", tags: ["coffee", "beans"], kes: 1_450, options: { name: "weight", values: ["250g", "500g", "1kg"] }, taxClass: "zero" },
      { name: "Pour-over Coffee Dripper", brand: "Kitengela Glass", tags: ["coffee", "dripper"], kes: 2_100 },
    ],
  },
  Bedroom: {
    Bedding: [
      { name: "Kikoy Cotton Duvet Cover", brand: "Kiondo Weavers", tags: ["duvet", "bedding", "cotton"], kes: 6_500, options: { name: "size", values: ["Single", "Double", "King"] } },
      { name: "Linen Pillowcase Pair", brand: "Kiondo Weavers", tags: ["pillow", "linen"], kes: 2_300 },
      { name: "Wool Throw Blanket", brand: "Rift Valley Home", tags: ["blanket", "throw", "wool"], kes: 5_400, options: { name: "colour", values: ["Ochre", "Grey"] } },
    ],
    Furniture: [
      { name: "Mvule Wood Bed Frame", brand: "Mombasa Woodworks", tags: ["bed", "wood"], kes: 78_000, options: { name: "size", values: ["Double", "King"] } },
      { name: "Bedside Table", brand: "Mombasa Woodworks", tags: ["table", "nightstand"], kes: 9_800 },
      { name: "Woven Laundry Basket", brand: "Kiondo Weavers", tags: ["basket", "storage"], kes: 2_900 },
    ],
    Storage: [
      { name: "Kiondo Storage Basket", brand: "Kiondo Weavers", tags: ["basket", "storage", "sisal"], kes: 2_500, options: { name: "size", values: ["Medium", "Large"] } },
      { name: "Teak Blanket Chest", brand: "Mombasa Woodworks", tags: ["chest", "storage", "wood"], kes: 24_000 },
      { name: "Banana Fibre Boxes (set of 3)", brand: "Kiondo Weavers", tags: ["box", "storage"], kes: 3_700 },
      { name: "Wall Hook Rail", brand: "Jiko Works", tags: ["hooks", "storage"], kes: 1_600 },
    ],
  },
  Decor: {
    "Wall Art": [
      { name: "Tingatinga Print", brand: "Dar Art House", tags: ["art", "print", "wall"], kes: 4_200, options: { name: "size", values: ["A3", "A2"] } },
      { name: "Kitenge Fabric Wall Hanging", brand: "Kiondo Weavers", tags: ["art", "textile"], kes: 3_300 },
      { name: "Carved Mask", brand: "Mombasa Woodworks", tags: ["art", "carving"], kes: 5_600 },
    ],
    Vases: [
      { name: "Soapstone Vase", brand: "Kisii Stoneworks", tags: ["vase", "soapstone"], kes: 3_100, options: { name: "colour", values: ["Pink", "White"] } },
      { name: "Recycled Glass Bottle Vase", brand: "Kitengela Glass", tags: ["vase", "glass", "recycled"], kes: 1_900 },
    ],
    Cushions: [
      { name: "Mudcloth Cushion Cover", brand: "Lamu Craft", tags: ["cushion", "pillow"], kes: 1_800, options: { name: "colour", values: ["Black", "Rust"] } },
      { name: "Velvet Bolster Cushion", brand: "Savanna Living", tags: ["cushion", "velvet"], kes: 2_600 },
      { name: "Kuba Cloth Cushion", brand: "Dar Art House", tags: ["cushion"], kes: 2_200 },
    ],
    Candles: [
      { name: "Beeswax Pillar Candle", brand: "Nyeri Highlands", tags: ["candle", "beeswax"], kes: 850 },
      { name: "Cedar Scented Candle", brand: "Nyeri Highlands", tags: ["candle", "scented"], kes: 1_250 },
      { name: "Brass Candle Holder", brand: "Lamu Craft", tags: ["candle", "holder", "brass"], kes: 1_700 },
      { name: "Coconut Shell Candle", brand: "Mombasa Woodworks", tags: ["candle", "coconut"], kes: 990 },
      { name: "Lantern with Glass Chimney", brand: "Lamu Craft", tags: ["lantern", "candle"], kes: 3_400 },
    ],
  },
};

/** What a category is for, in a line. */
const CATEGORY_BLURBS: Readonly<Record<string, string>> = {
  "Living Room": "Sofas, lighting and rugs for the room everyone ends up in.",
  Kitchen: "Pots for the jiko, tableware for the table and the coffee to start the day.",
  Bedroom: "Bedding, furniture and storage for slow mornings and early nights.",
  Decor: "Art, vases, cushions and candles made by hand across East Africa.",
};

/** Per subcategory: what its products are made of, and a line of care or making. */
const SUBCATEGORY_DETAILS: Readonly<Record<string, { readonly material: string; readonly detail: string }>> = {
  Sofas: { material: "hardwood frame, cotton-linen cover", detail: "Kiln-dried hardwood frame, high-resilience foam seats and removable covers you can wash." },
  Lighting: { material: "rattan, brass or soapstone", detail: "Takes an E27 bulb (not included) and comes with a braided fabric cable." },
  Rugs: { material: "wool, cotton or sisal", detail: "Hand-woven and reversible; vacuum on low and turn it every few months." },
  Cookware: { material: "cast iron, clay or carbon steel", detail: "Works on a charcoal jiko, gas or induction; season it before the first use." },
  Tableware: { material: "stoneware, wood, glass or enamel", detail: "Food-safe finishes; dishwasher safe except the wood, which wants a little oil now and then." },
  Coffee: { material: "coffee, glass", detail: "Roasted in small batches in Nyeri and packed within days of roasting." },
  Bedding: { material: "cotton or linen", detail: "Pre-washed for softness; machine wash cold and tumble dry low." },
  Furniture: { material: "mvule or mahogany", detail: "Solid wood finished with natural oil; assembly takes about twenty minutes." },
  Storage: { material: "sisal, banana fibre or teak", detail: "Woven or built by hand by cooperatives near Machakos and on the coast." },
  "Wall Art": { material: "paper, kitenge cotton or wood", detail: "Made by artists in Dar es Salaam and Mombasa, and ready to hang." },
  Vases: { material: "soapstone or recycled glass", detail: "Every piece varies a little in tone and grain; wipe clean with a damp cloth." },
  Cushions: { material: "cotton, mudcloth or velvet", detail: "Cover with a hidden zip, for a 45 x 45 cm insert." },
  Candles: { material: "beeswax, soy wax, coconut shell or brass", detail: "Burns cleanly for 30 to 60 hours; keep the wick trimmed to 5 mm." },
};

const describeProduct = (template: Template, subcategory: string): string =>
  `The ${template.name} by ${template.brand}. ${SUBCATEGORY_DETAILS[subcategory]?.detail ?? ""}`.trim();

export interface DemoCatalog {
  readonly productIds: readonly string[];
  /** Variants to sell in demo orders: [productId, variantId, sku, price in minor units]. */
  readonly variants: readonly { productId: string; variantId: string; sku: string; price: number }[];
}

const sku = (name: string, n: number): string =>
  `${name.replace(/[^A-Za-z]/g, "").slice(0, 6).toUpperCase()}-${String(n).padStart(3, "0")}`;

export const seedDemoCatalog = async (container: Container, principal: Principal, random: DemoRandom): Promise<DemoCatalog> => {
  const createCategory = container.get(CreateCategory);
  const createSubcategory = container.get(CreateSubcategory);
  const createProduct = container.get(CreateProduct);
  const createCollection = container.get(CreateCollection);
  const replaceCollectionItems = container.get(ReplaceCollectionItems);
  const productIds: string[] = [];
  const sold: DemoCatalog["variants"][number][] = [];
  let counter = 0;

  for (const [categoryName, subcategories] of Object.entries(CATALOG)) {
    const category = await createCategory.execute(principal, {
      name: categoryName,
      description: CATEGORY_BLURBS[categoryName] ?? categoryName,
      image: `https://images.example.com/categories/${categoryName.toLowerCase().replace(/\s+/g, "-")}.jpg`,
    });
    for (const [subName, templates] of Object.entries(subcategories)) {
      const sub = await createSubcategory.execute(principal, { category_id: category.id, name: subName });
      for (const template of templates) {
        counter++;
        // Deterministic states: every 9th product is on sale, products 5 and 17 are out of
        // stock, 11, 23 and 29 sit at their low-stock threshold.
        const onSale = counter % 9 === 0;
        const outOfStock = counter === 5 || counter === 17;
        const low = counter === 11 || counter === 23 || counter === 29;
        const values = template.options?.values ?? [null];
        const variants: VariantInput[] = values.map((value, i) => {
          const price = (template.kes + i * Math.round(template.kes * 0.15)) * 100;
          return {
            sku: sku(template.name, counter * 10 + i),
            price,
            sale_price: onSale ? Math.round(price * 0.8) : null,
            stock: outOfStock ? 0 : low ? 3 : random.int({ min: 8, max: 60 }),
            threshold: 3,
            last_restocked: random.recentDate({ days: 60, refDate: "2026-11-01T00:00:00Z" }).toISOString().slice(0, 10),
            variant_name: value ?? "",
            variant_attributes: value !== null && template.options !== undefined ? { [template.options.name]: value } : {},
            is_default: i === 0,
          };
        });
        const imageBase = `https://images.example.com/products/${template.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
        const input: ProductInput = {
          name: template.name,
          description: describeProduct(template, subName),
          category_id: category.id,
          subcategory_id: sub.id,
          brand: template.brand,
          media: [
            { url: `${imageBase}-1.jpg`, alt_text: template.name, is_primary: true },
            { url: `${imageBase}-2.jpg`, alt_text: `${template.name}, detail` },
          ],
          seo_title: `${template.name} | ${template.brand}`,
          seo_description: `Buy the ${template.name} by ${template.brand}, delivered across Nairobi.`,
          seo_keywords: template.tags.join(", "),
          featured: counter % 6 === 1,
          featured_order: counter,
          tags: [...template.tags],
          attributes: { material: SUBCATEGORY_DETAILS[subName]?.material ?? "mixed" },
          shipping_info: { weight_grams: random.int({ min: 200, max: 40_000 }), length_cm: random.int({ min: 10, max: 220 }) },
          ...(template.taxClass === undefined ? {} : { tax_class: template.taxClass }),
          variants,
        };
        const product = await createProduct.execute(principal, input);
        productIds.push(product.product_id);
        const records = product.has_variants ? product.variants : [product];
        for (const v of records) sold.push({ productId: product.product_id, variantId: v.variant_id, sku: v.sku, price: v.selling_price });
      }
    }
  }

  const archive = await createCategory.execute(principal, { name: "Clearance Archive", description: "Retired lines.", active: false });
  await createSubcategory.execute(principal, { category_id: archive.id, name: "Retired", active: false });

  const newIn = await createCollection.execute(principal, { name: "New In", type: "seasonal", show_on_homepage: true, display_priority: 10 });
  await replaceCollectionItems.execute(principal, newIn.id, { items: productIds.slice(0, 8).map((product_id) => ({ product_id })) });
  const gifts = await createCollection.execute(principal, { name: "Gifts under KSh 3,000", type: "curated", display_priority: 5 });
  await replaceCollectionItems.execute(principal, gifts.id, {
    items: productIds.filter((_, i) => i % 4 === 2).slice(0, 6).map((product_id) => ({ product_id })),
  });
  return { productIds, variants: sold };
};

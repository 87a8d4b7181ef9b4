// The bench catalog: 10,000 products / 30,000 variants under categories and subcategories, the
// same every run (seeded PRNG), written in large batched inserts with the repository's own rows.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CategoryRepository } from "../application/ports/category-repository.js";
import { ProductRepository, type ProductRecord } from "../application/ports/product-repository.js";
import { CreateStore } from "../application/stores/create-store.js";
import { seedDemoPricing } from "../composition/demo/demo-pricing.js";
import { productColumns, variantColumns } from "../adapters/persistence/repositories/knex-product-repository.js";
import { searchDocumentsOf } from "../adapters/persistence/search-documents.js";
import type { Application } from "../composition/container.js";
import type { Category, Subcategory } from "../domain/catalog/category.js";
import type { ProductMedia } from "../domain/catalog/product.js";
import { productSlug, withSuffix } from "../domain/catalog/slug.js";
import type { Variant } from "../domain/catalog/variant.js";
import { openBenchApplication } from "./bench-application.js";
import { seedOrders, type OrderSeedSummary } from "./order-seed.js";

export interface SeedOptions {
  readonly products: number;
  readonly variants: number;
  /** Share of products with exactly one variant. */
  readonly simpleShare: number;
  readonly seed: number;
  /** How many active slugs and ids to hand to the load runner. */
  readonly sampleSize: number;
  readonly storeName: string;
  readonly currency: string;
  /**
   * The catalog's history: this share of products is renamed after the seed (a new adjective and
   * a later `updated_at`), and this share deleted, through the repository's own writes, so that
   * the search data carries edits and deletions as a shop's does (docs/decisions/search.md, search-15).
   */
  readonly renamedShare: number;
  readonly deletedShare: number;
}

export const DEFAULT_SEED_OPTIONS: SeedOptions = {
  products: 10_000,
  variants: 30_000,
  simpleShare: 0.4,
  seed: 20_251_122,
  sampleSize: 2_000,
  storeName: "Bench Outfitters",
  currency: "KES",
  renamedShare: 0.03,
  deletedShare: 0.01,
};

/** What the load runner reads: the keys, the counts and a sample of active products. */
export interface SeedSummary {
  readonly seed: number;
  readonly store_id: string;
  readonly store_name: string;
  readonly secret_key: string;
  readonly publishable_key: string;
  readonly products: number;
  readonly variants: number;
  readonly simple_products: number;
  readonly inactive_products: number;
  /** Products renamed after the seed, and deleted (the catalog's history). */
  readonly renamed_products: number;
  readonly deleted_products: number;
  readonly categories: number;
  readonly subcategories: number;
  readonly seconds: number;
  /** The order history (`--orders`, bench/order-seed.ts), when seeded. */
  readonly order_history?: OrderSeedSummary;
  readonly sample: {
    readonly slugs: readonly string[];
    readonly product_ids: readonly string[];
    /** Default variants of sampled products that have stock, for cart adds. */
    readonly variant_ids: readonly string[];
  };
}

/** Rows per insert statement: SQLite's compound-select limit is 500 (knex inserts many rows as `union all`). */
const ROWS_PER_INSERT = 500;
/** Products (with their variants) per transaction. */
const PRODUCTS_PER_TRANSACTION = 2_000;
/** The catalog's clock starts here, so ids and timestamps never depend on the day of the run. */
const EPOCH_MS = Date.UTC(2025, 0, 6, 8, 0, 0);

// ---------------------------------------------------------------------------------------------
// Seeded randomness.

/** mulberry32: tiny, fast, and good enough for test data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, count);
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }

  hex(digits: number): string {
    let out = "";
    while (out.length < digits) out += Math.floor(this.next() * 65_536).toString(16).padStart(4, "0");
    return out.slice(0, digits);
  }
}

/** A UUID v7 (timestamp `ms`, random bits from the seeded PRNG), like the app's own ids. */
const uuidV7 = (rng: Rng, ms: number): string => {
  const time = ms.toString(16).padStart(12, "0");
  const variantNibble = rng.pick(["8", "9", "a", "b"]);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${rng.hex(3)}-${variantNibble}${rng.hex(3)}-${rng.hex(12)}`;
};

// ---------------------------------------------------------------------------------------------
// The catalog's vocabulary.

export interface Axis {
  readonly name: string;
  readonly values: readonly string[];
}

export interface CategorySpec {
  readonly name: string;
  readonly code: string;
  readonly description: string;
  readonly subcategories: ReadonlyArray<{ readonly name: string; readonly nouns: readonly string[] }>;
  readonly materials: readonly string[];
  /** Options a multi-variant product varies on; two axes combine (size x colour). */
  readonly axes: readonly Axis[];
  /** Price range of the cheapest variant, in minor units. */
  readonly price: readonly [number, number];
  readonly weightGrams: readonly [number, number];
  readonly tags: readonly string[];
}

const COLOURS = ["Black", "White", "Navy", "Olive", "Charcoal", "Sand", "Red", "Forest Green", "Sky Blue", "Terracotta", "Mustard", "Grey"];
const APPAREL_SIZES = ["XS", "S", "M", "L", "XL", "XXL"];

export const CATEGORIES: readonly CategorySpec[] = [
  {
    name: "Clothing",
    code: "CLO",
    description: "Everyday clothing for men and women.",
    subcategories: [
      { name: "T-Shirts", nouns: ["Crew Neck Tee", "V-Neck Tee", "Graphic Tee", "Pocket Tee", "Henley", "Long Sleeve Tee"] },
      { name: "Jackets", nouns: ["Rain Jacket", "Denim Jacket", "Puffer Jacket", "Bomber Jacket", "Fleece Jacket", "Field Jacket"] },
      { name: "Trousers", nouns: ["Chinos", "Cargo Pants", "Joggers", "Slim Jeans", "Linen Trousers", "Shorts"] },
      { name: "Dresses", nouns: ["Wrap Dress", "Maxi Dress", "Shirt Dress", "Midi Dress", "Sundress", "Kaftan"] },
    ],
    materials: ["Cotton", "Linen", "Merino", "Denim", "Organic Cotton", "Recycled Polyester", "Kitenge"],
    axes: [
      { name: "size", values: APPAREL_SIZES },
      { name: "colour", values: COLOURS },
    ],
    price: [1_499, 12_999],
    weightGrams: [150, 1_200],
    tags: ["apparel", "unisex", "summer", "winter", "organic", "new season"],
  },
  {
    name: "Footwear",
    code: "FTW",
    description: "Shoes, boots and sandals.",
    subcategories: [
      { name: "Sneakers", nouns: ["Running Shoe", "Court Sneaker", "Trail Runner", "Canvas Sneaker", "Slip-On"] },
      { name: "Boots", nouns: ["Chelsea Boot", "Hiking Boot", "Desert Boot", "Work Boot", "Rain Boot"] },
      { name: "Sandals", nouns: ["Slide Sandal", "Sport Sandal", "Leather Sandal", "Flip-Flop", "Maasai Sandal"] },
      { name: "Formal Shoes", nouns: ["Oxford", "Loafer", "Derby", "Brogue", "Monk Strap"] },
    ],
    materials: ["Leather", "Suede", "Canvas", "Mesh", "Recycled Rubber"],
    axes: [
      { name: "size", values: ["38", "39", "40", "41", "42", "43", "44", "45", "46"] },
      { name: "colour", values: ["Black", "Brown", "Tan", "White", "Navy", "Grey"] },
    ],
    price: [2_999, 18_999],
    weightGrams: [300, 1_600],
    tags: ["shoes", "outdoor", "everyday", "handmade", "vegan"],
  },
  {
    name: "Home & Kitchen",
    code: "HOM",
    description: "Cookware, tableware, bedding and storage.",
    subcategories: [
      { name: "Cookware", nouns: ["Frying Pan", "Saucepan", "Stock Pot", "Dutch Oven", "Wok", "Griddle"] },
      { name: "Tableware", nouns: ["Dinner Plate Set", "Serving Bowl", "Coffee Mug", "Tumbler Set", "Salad Bowl", "Cutlery Set"] },
      { name: "Bedding", nouns: ["Duvet Cover", "Pillowcase Set", "Fitted Sheet", "Throw Blanket", "Quilt", "Mattress Protector"] },
      { name: "Storage", nouns: ["Storage Basket", "Spice Rack", "Bread Bin", "Food Container Set", "Shelf Organizer", "Laundry Hamper"] },
    ],
    materials: ["Cast Iron", "Stainless Steel", "Ceramic", "Bamboo", "Sisal", "Acacia Wood", "Stoneware", "Percale"],
    axes: [
      { name: "size", values: ["Small", "Medium", "Large", "Extra Large", "Family"] },
      { name: "colour", values: ["Natural", "Charcoal", "White", "Sage", "Terracotta", "Indigo"] },
    ],
    price: [899, 24_999],
    weightGrams: [200, 5_000],
    tags: ["kitchen", "home", "gift idea", "dishwasher safe", "handwoven"],
  },
  {
    name: "Electronics",
    code: "ELE",
    description: "Audio, accessories and smart home devices.",
    subcategories: [
      { name: "Audio", nouns: ["Wireless Earbuds", "Bluetooth Speaker", "Over-Ear Headphones", "Soundbar", "Radio"] },
      { name: "Phone Accessories", nouns: ["Phone Case", "Power Bank", "USB-C Cable", "Wireless Charger", "Screen Protector"] },
      { name: "Computer Accessories", nouns: ["Mechanical Keyboard", "Wireless Mouse", "USB Hub", "Laptop Stand", "Webcam"] },
      { name: "Smart Home", nouns: ["Smart Plug", "LED Bulb", "Motion Sensor", "Video Doorbell", "Solar Lamp"] },
    ],
    materials: ["Aluminium", "Recycled Plastic", "Silicone", "Braided Nylon"],
    axes: [{ name: "colour", values: ["Black", "White", "Space Grey", "Silver", "Blue", "Red", "Green"] }],
    price: [999, 39_999],
    weightGrams: [30, 2_500],
    tags: ["electronics", "wireless", "usb-c", "bestseller", "warranty"],
  },
  {
    name: "Beauty & Personal Care",
    code: "BEA",
    description: "Skincare, hair care, fragrance and bath.",
    subcategories: [
      { name: "Skincare", nouns: ["Face Serum", "Moisturizer", "Gentle Cleanser", "Sunscreen SPF 50", "Clay Mask"] },
      { name: "Hair Care", nouns: ["Shampoo", "Conditioner", "Hair Oil", "Styling Gel", "Leave-In Cream"] },
      { name: "Fragrance", nouns: ["Eau de Parfum", "Body Mist", "Scented Candle", "Reed Diffuser"] },
      { name: "Bath & Body", nouns: ["Body Wash", "Bath Salts", "Soap Bar", "Body Lotion", "Shea Butter"] },
    ],
    materials: ["Shea", "Aloe Vera", "Coconut", "Baobab", "Marula", "Rosehip"],
    axes: [
      { name: "volume", values: ["30 ml", "50 ml", "100 ml", "200 ml", "500 ml"] },
      { name: "scent", values: ["Unscented", "Lavender", "Citrus", "Vanilla", "Eucalyptus", "Rose"] },
    ],
    price: [499, 8_999],
    weightGrams: [50, 900],
    tags: ["natural", "vegan", "cruelty free", "sensitive skin", "gift idea"],
  },
  {
    name: "Sports & Outdoors",
    code: "SPO",
    description: "Fitness, camping, cycling and team sports.",
    subcategories: [
      { name: "Fitness", nouns: ["Yoga Mat", "Resistance Band Set", "Dumbbell", "Kettlebell", "Jump Rope"] },
      { name: "Camping", nouns: ["Dome Tent", "Sleeping Bag", "Camping Stove", "Headlamp", "Water Bottle"] },
      { name: "Cycling", nouns: ["Bike Helmet", "Cycling Gloves", "Bike Light Set", "Saddle Bag", "Mini Pump"] },
      { name: "Team Sports", nouns: ["Football", "Basketball", "Shin Guards", "Goalkeeper Gloves", "Training Cones"] },
    ],
    materials: ["Natural Rubber", "Ripstop Nylon", "Neoprene", "Steel", "TPE"],
    axes: [
      { name: "size", values: ["S", "M", "L", "XL"] },
      { name: "colour", values: ["Black", "Orange", "Lime", "Blue", "Red", "Grey"] },
    ],
    price: [799, 29_999],
    weightGrams: [80, 8_000],
    tags: ["outdoor", "fitness", "camping", "team", "beginner"],
  },
  {
    name: "Grocery",
    code: "GRO",
    description: "Coffee, tea, snacks and pantry staples.",
    subcategories: [
      { name: "Coffee & Tea", nouns: ["Ground Coffee", "Whole Bean Coffee", "Green Tea", "Black Tea", "Chai Masala"] },
      { name: "Snacks", nouns: ["Granola Bar", "Roasted Cashews", "Dried Mango", "Trail Mix", "Plantain Chips"] },
      { name: "Pantry", nouns: ["Olive Oil", "Raw Honey", "Basmati Rice", "Peanut Butter", "Pilau Masala"] },
      { name: "Beverages", nouns: ["Sparkling Water", "Cold Brew", "Hibiscus Juice", "Ginger Beer"] },
    ],
    materials: ["Organic", "Fair Trade", "Single Origin", "Wild", "Stone-Ground"],
    axes: [
      { name: "weight", values: ["250 g", "500 g", "1 kg", "2 kg", "5 kg"] },
      { name: "flavour", values: ["Original", "Spiced", "Salted", "Honey", "Chilli Lime"] },
    ],
    price: [299, 4_999],
    weightGrams: [250, 5_200],
    tags: ["organic", "fair trade", "kenyan", "gluten free", "pantry"],
  },
  {
    name: "Toys & Games",
    code: "TOY",
    description: "Board games, puzzles, building sets and plush toys.",
    subcategories: [
      { name: "Board Games", nouns: ["Strategy Game", "Party Game", "Bao Board", "Chess Set", "Card Game"] },
      { name: "Puzzles", nouns: ["Jigsaw Puzzle", "3D Puzzle", "Floor Puzzle", "Brain Teaser"] },
      { name: "Building Sets", nouns: ["Block Set", "Marble Run", "Robot Kit", "Magnetic Tiles"] },
      { name: "Plush Toys", nouns: ["Plush Elephant", "Plush Giraffe", "Plush Lion", "Plush Rhino"] },
    ],
    materials: ["Wooden", "Recycled Cardboard", "Organic Cotton", "Beechwood"],
    axes: [{ name: "edition", values: ["Classic", "Travel", "Deluxe", "Junior", "Collector's"] }],
    price: [699, 9_999],
    weightGrams: [100, 3_000],
    tags: ["kids", "family", "gift idea", "educational", "ages 3+", "ages 8+"],
  },
];

export const BRANDS = [
  "Savanna Goods", "Northwind", "Kilele", "Tembo Works", "Maji & Co", "Acacia Lane", "Rift Valley Supply", "Baraka",
  "Jua Kali Studio", "Pwani", "Nyota", "Simba Outdoor", "Upendo", "Mto", "Lamu Loom", "Highland Roasters",
];
export const ADJECTIVES = [
  "Classic", "Essential", "Premium", "Everyday", "Lightweight", "Heritage", "Modern", "Compact", "Deluxe", "Eco",
  "Urban", "Vintage", "Signature", "Ultra", "Soft-Touch", "Rugged", "Minimalist", "Handcrafted", "Travel", "Pro",
];
const SUFFIXES = ["", "", "", "", "", " 2.0", " Pro", " Mini", " XL", " (2-Pack)", " Set", " Plus"];
const USES = ["daily use", "weekend trips", "busy mornings", "the whole family", "long days outdoors", "gifting", "small spaces"];
const QUALITIES = ["durable", "easy to clean", "comfortable", "thoughtfully designed", "built to last", "versatile", "made in small batches"];
const FEATURES = [
  "reinforced stitching", "a water-resistant finish", "a lifetime guarantee", "plastic-free packaging", "a two-year warranty",
  "fair-wage production", "a reusable pouch", "replaceable parts",
];
const ORIGINS = ["Kenya", "Tanzania", "Uganda", "Rwanda", "Ethiopia", "Portugal", "Vietnam", "India", "Turkey"];
const GENERAL_TAGS = ["new", "bestseller", "limited edition", "eco", "sale", "staff pick"];

// ---------------------------------------------------------------------------------------------
// Generation.

interface Placement {
  readonly spec: CategorySpec;
  readonly categoryId: string;
  readonly subcategories: ReadonlyArray<{ readonly id: string; readonly name: string; readonly nouns: readonly string[] }>;
}

interface GeneratedProduct {
  readonly record: ProductRecord;
  readonly variants: readonly Variant[];
}

/** Variants per product: exactly `simple` products with one, the others 2-5, summing to `variants`. */
const variantCounts = (rng: Rng, products: number, variants: number, simpleShare: number): number[] => {
  const simple = Math.round(products * simpleShare);
  const multi = products - simple;
  let extra = variants - simple - 2 * multi;
  if (extra < 0 || extra > 3 * multi) {
    throw new Error(`cannot spread ${variants} variants over ${products} products with ${simple} simple ones (others 2-5)`);
  }
  const counts = [...Array<number>(simple).fill(1), ...Array<number>(multi).fill(2)];
  while (extra > 0) {
    const i = simple + Math.floor(rng.next() * multi);
    if ((counts[i] as number) < 5) {
      counts[i] = (counts[i] as number) + 1;
      extra--;
    }
  }
  return rng.shuffle(counts);
};

/** Option combinations of the category's axes, `count` of them, in a stable display order. */
const optionSets = (rng: Rng, axes: readonly Axis[], count: number): Array<Record<string, string>> => {
  const [first, second] = axes as [Axis, Axis | undefined];
  const combos: Array<Record<string, string>> = [];
  const single = axes.filter((axis) => axis.values.length >= count);
  if (single.length > 0 && (second === undefined || rng.chance(0.5))) {
    // One axis when the category has one, or half of the time: sizes in order, say.
    const axis = rng.pick(single);
    const picked = rng.sample(axis.values.map((_, i) => i), Math.min(count, axis.values.length)).sort((a, b) => a - b);
    for (const i of picked) combos.push({ [axis.name]: axis.values[i] as string });
  } else {
    if (second === undefined) throw new Error(`no option axis offers ${count} values`);
    const colours = rng.sample(second.values, 2);
    const sizes = rng.sample(first.values.map((_, i) => i), 3).sort((a, b) => a - b);
    for (const colour of colours) for (const i of sizes) combos.push({ [first.name]: first.values[i] as string, [second.name]: colour });
  }
  return combos.slice(0, count);
};

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const isoDate = (ms: number): string => new Date(ms).toISOString();

class CatalogGenerator {
  private readonly slugs = new Set<string>();
  private featuredOrder = 0;

  constructor(
    private readonly rng: Rng,
    private readonly placements: readonly Placement[],
    private readonly storeName: string,
  ) {}

  product(index: number, variantCount: number): GeneratedProduct {
    const rng = this.rng;
    const placement = rng.pick(this.placements);
    const spec = placement.spec;
    const sub = rng.pick(placement.subcategories);
    const roll = rng.next();
    const categoryId = roll < 0.98 ? placement.categoryId : null;
    const subcategoryId = roll < 0.94 ? sub.id : null;

    const createdMs = EPOCH_MS + index * 45 * 60_000 + rng.int(0, 59_999);
    const id = uuidV7(rng, createdMs);
    const updatedMs = rng.chance(0.3) ? createdMs + rng.int(1, 90) * 86_400_000 : createdMs;

    const brand = rng.chance(0.85) ? rng.pick(BRANDS) : null;
    const material = rng.chance(0.6) ? rng.pick(spec.materials) : null;
    const noun = rng.pick(sub.nouns);
    const name = [brand, rng.pick(ADJECTIVES), material, noun].filter((part) => part !== null).join(" ") + rng.pick(SUFFIXES);

    const base = productSlug(name, id);
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = withSuffix(base, n);
    this.slugs.add(slug);

    const description = [
      `The ${name} is ${rng.pick(QUALITIES)} and ${rng.pick(QUALITIES)}, made for ${rng.pick(USES)}.`,
      material === null ? `Finished with ${rng.pick(FEATURES)}.` : `${sentence(material.toLowerCase())} construction with ${rng.pick(FEATURES)}.`,
      ...(rng.chance(0.6) ? [`Designed in Nairobi and made in ${rng.pick(ORIGINS)}.`] : []),
      ...(rng.chance(0.4) ? [`Part of our ${sub.name.toLowerCase()} range: pairs well with the rest of the ${spec.name.toLowerCase()} collection.`] : []),
    ].join(" ");

    const mediaCount = rng.int(1, 4);
    const media: ProductMedia[] = Array.from({ length: mediaCount }, (_, position) => {
      const video = position > 0 && position === mediaCount - 1 && rng.chance(0.1);
      return {
        id: uuidV7(rng, createdMs),
        url: `https://cdn.example.com/products/${slug}/${position + 1}.${video ? "mp4" : "jpg"}`,
        type: video ? "video" : "image",
        position,
        alt_text: rng.chance(0.7) ? `${name}, view ${position + 1}` : null,
        is_primary: position === 0,
      };
    });

    const tags = rng.chance(0.85) ? rng.sample([...spec.tags, ...GENERAL_TAGS], rng.int(1, 4)) : null;
    const featured = rng.chance(0.03);
    const weight = rng.int(spec.weightGrams[0], spec.weightGrams[1]);

    const record: ProductRecord = {
      id,
      name,
      description: rng.chance(0.95) ? description : null,
      categoryId,
      subcategoryId,
      brand,
      thumbnailUrl: media[0]?.url ?? null,
      media,
      slug,
      seoTitle: rng.chance(0.7) ? `${name} | ${this.storeName}` : null,
      seoDescription: rng.chance(0.6) ? description.slice(0, 155) : null,
      seoKeywords: tags !== null && rng.chance(0.5) ? tags.join(", ") : null,
      featured,
      featuredOrder: featured ? ++this.featuredOrder : 0,
      tags,
      attributes: {
        ...(material !== null ? { material } : {}),
        origin: rng.pick(ORIGINS),
        ...(rng.chance(0.3) ? { care: rng.pick(["Machine wash cold", "Hand wash only", "Wipe clean", "Store in a cool, dry place"]) } : {}),
      },
      shippingInfo: {
        weight_grams: weight,
        length_cm: rng.int(5, 80),
        width_cm: rng.int(5, 60),
        height_cm: rng.int(2, 40),
      },
      isActive: rng.chance(0.98),
      createdAt: isoDate(createdMs),
      updatedAt: isoDate(updatedMs),
    };

    // Prices end in 99 (minor units), like most shelves.
    const basePrice = rng.int(Math.ceil(spec.price[0] / 100), Math.floor(spec.price[1] / 100)) * 100 - 1;
    const options = variantCount === 1 ? [{}] : optionSets(rng, spec.axes, variantCount);
    const defaultIndex = rng.chance(0.15) ? rng.int(0, options.length - 1) : 0;
    const variants = options.map((attributes, position): Variant => {
      const price = basePrice + position * rng.pick([0, 0, 500, 1_000]);
      return {
        id: uuidV7(rng, createdMs),
        productId: id,
        sku: `${spec.code}-${String(index + 1).padStart(5, "0")}-${position + 1}`,
        price,
        salePrice: rng.chance(0.2) ? Math.floor((price * rng.int(70, 90)) / 100) : null,
        stock: rng.chance(0.05) ? 0 : rng.int(1, 250),
        threshold: rng.chance(0.6) ? rng.int(3, 20) : null,
        lastRestocked: rng.chance(0.7) ? isoDate(createdMs + rng.int(0, 120) * 86_400_000).slice(0, 10) : null,
        variantName: Object.values(attributes).join(" / "),
        variantAttributes: attributes,
        isDefault: position === defaultIndex,
        position,
      };
    });
    return { record, variants };
  }
}

// ---------------------------------------------------------------------------------------------
// Writing.

const inChunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const insertCategories = async (application: Application, rng: Rng, storeId: string): Promise<Placement[]> => {
  const categories = application.container.get(CategoryRepository);
  const now = isoDate(EPOCH_MS - 86_400_000);
  const placements: Placement[] = [];
  for (const spec of CATEGORIES) {
    const category: Category = {
      id: uuidV7(rng, EPOCH_MS - 86_400_000),
      name: spec.name,
      description: spec.description,
      image: `https://cdn.example.com/categories/${spec.code.toLowerCase()}.jpg`,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    await categories.insertCategory(storeId, category);
    const subs: Array<{ id: string; name: string; nouns: readonly string[] }> = [];
    for (const sub of spec.subcategories) {
      const subcategory: Subcategory = {
        id: uuidV7(rng, EPOCH_MS - 86_400_000),
        categoryId: category.id,
        name: sub.name,
        description: null,
        image: null,
        active: true,
        createdAt: now,
        updatedAt: now,
      };
      await categories.insertSubcategory(storeId, subcategory);
      subs.push({ id: subcategory.id, name: sub.name, nouns: sub.nouns });
    }
    placements.push({ spec, categoryId: category.id, subcategories: subs });
  }
  return placements;
};

/** How many history writes go in one transaction. */
const HISTORY_PER_TRANSACTION = 500;

/**
 * The catalog's history, written through the product repository (as the API's writes are, search
 * data included): renamed products take another adjective and a day of up to a year later; deleted
 * ones are gone.
 */
const writeHistory = async (application: Application, storeId: string, rng: Rng, renamed: readonly ProductRecord[], deleted: ReadonlySet<string>): Promise<void> => {
  const products = application.container.get(ProductRepository);
  const renames = renamed.map((record): ProductRecord => {
    const adjective = ADJECTIVES.find((a) => record.name.includes(` ${a} `) || record.name.startsWith(`${a} `));
    const other = rng.pick(ADJECTIVES.filter((a) => a !== adjective));
    const name = adjective === undefined ? `${other} ${record.name}` : record.name.replace(adjective, other);
    return { ...record, name, updatedAt: isoDate(Date.parse(record.createdAt) + rng.int(1, 365) * 86_400_000) };
  });
  for (const batch of inChunks(renames, HISTORY_PER_TRANSACTION)) {
    await application.database.transaction(async () => {
      for (const record of batch) await products.update(storeId, record);
    });
  }
  const now = isoDate(EPOCH_MS + 400 * 86_400_000);
  for (const batch of inChunks([...deleted], HISTORY_PER_TRANSACTION)) {
    await application.database.transaction(async () => {
      for (const id of batch) await products.remove(storeId, id, now);
    });
  }
};

/**
 * Seeds the bench store into a migrated database: a store (through CreateStore, so its keys are
 * real), its categories (through the repository) and the catalog (batched inserts of exactly the
 * rows KnexProductRepository.insert writes, search documents included).
 */
export const seedBench = async (application: Application, partial: Partial<SeedOptions> = {}): Promise<SeedSummary> => {
  const options: SeedOptions = { ...DEFAULT_SEED_OPTIONS, ...partial };
  const started = process.hrtime.bigint();
  const rng = new Rng(options.seed);
  const created = await application.container.get(CreateStore).execute({ name: options.storeName, baseCurrency: options.currency });
  // Rates and rules, so the price-list scenarios convert and apply discounts like a real store.
  const owner = { storeId: created.store.id, keyId: "bench-seed", keyType: "secret" as const, mode: "test" as const };
  await seedDemoPricing(application.container, owner);
  const storeId = created.store.id;
  const placements = await insertCategories(application, rng, storeId);

  const generator = new CatalogGenerator(rng, placements, options.storeName);
  const counts = variantCounts(rng, options.products, options.variants, options.simpleShare);
  const active: Array<{ id: string; slug: string; variantId: string | null }> = [];
  let inactive = 0;
  let variantTotal = 0;
  // A stream of its own, so that the catalog itself does not change with the history's shares.
  const historyRng = new Rng(options.seed ^ 0x4157);
  const toRename: ProductRecord[] = [];
  const toDelete = new Set<string>();

  for (let start = 0; start < options.products; start += PRODUCTS_PER_TRANSACTION) {
    const batch: GeneratedProduct[] = [];
    for (let i = start; i < Math.min(options.products, start + PRODUCTS_PER_TRANSACTION); i++) {
      batch.push(generator.product(i, counts[i] as number));
    }
    const productRows = batch.map((p) => productColumns(storeId, p.record));
    const variantRows = batch.flatMap((p) => p.variants.map((v) => variantColumns(storeId, v, p.record.createdAt)));
    await application.database.transaction(async () => {
      await application.database.run(async (q) => {
        for (const rows of inChunks(productRows, ROWS_PER_INSERT)) await q("products").insert(rows);
        for (const rows of inChunks(variantRows, ROWS_PER_INSERT)) await q("variants").insert(rows);
      });
      // Their search documents, in the same transaction, as the repository writes them.
      await searchDocumentsOf(application.database).refresh(storeId, batch.map((p) => p.record.id));
    });
    variantTotal += variantRows.length;
    for (const p of batch) {
      const roll = historyRng.next();
      if (roll < options.deletedShare) {
        toDelete.add(p.record.id);
        continue;
      }
      if (roll < options.deletedShare + options.renamedShare) toRename.push(p.record);
      const inStock = p.variants.find((v) => v.stock > 0);
      if (p.record.isActive) active.push({ id: p.record.id, slug: p.record.slug, variantId: inStock?.id ?? null });
      else inactive++;
    }
  }

  await writeHistory(application, storeId, historyRng, toRename, toDelete);

  // A separate stream, so the sample does not change when the catalog's generation does.
  const sample = new Rng(options.seed ^ 0x5eed).sample(active, Math.min(options.sampleSize, active.length));
  return {
    seed: options.seed,
    store_id: storeId,
    store_name: options.storeName,
    secret_key: created.keys.secretTest,
    publishable_key: created.keys.publishableTest,
    products: options.products,
    variants: variantTotal,
    simple_products: counts.filter((c) => c === 1).length,
    inactive_products: inactive,
    renamed_products: toRename.length,
    deleted_products: toDelete.size,
    categories: placements.length,
    subcategories: placements.reduce((sum, p) => sum + p.subcategories.length, 0),
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    sample: {
      slugs: sample.map((p) => p.slug),
      product_ids: sample.map((p) => p.id),
      variant_ids: sample.flatMap((p) => (p.variantId === null ? [] : [p.variantId])),
    },
  };
};

export const writeSeedSummary = async (path: string, summary: SeedSummary): Promise<void> => {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(summary, null, 2)}\n`);
};

// ---------------------------------------------------------------------------------------------
// Standalone: node --import tsx bench/bench-seed.ts --database-url sqlite:.tmp/bench/bench.sqlite

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      "database-url": { type: "string", default: "sqlite:.tmp/bench/bench.sqlite" },
      out: { type: "string", default: ".tmp/bench/seed.json" },
      products: { type: "string", default: String(DEFAULT_SEED_OPTIONS.products) },
      variants: { type: "string", default: String(DEFAULT_SEED_OPTIONS.variants) },
      seed: { type: "string", default: String(DEFAULT_SEED_OPTIONS.seed) },
      // The order history for the admin reads (bench/order-seed.ts): this many orders over this many days.
      orders: { type: "string", default: "0" },
      "order-days": { type: "string", default: "730" },
    },
  });
  const application = openBenchApplication(values["database-url"]);
  try {
    await application.migrate();
    const summary = await seedBench(application, {
      products: Number(values.products),
      variants: Number(values.variants),
      seed: Number(values.seed),
    });
    let written: SeedSummary = summary;
    if (Number(values.orders) > 0) {
      const variants = await application.database.select<{ id: string; product_id: string; product_name: string; variant_name: string; sku: string; price: number }>(
        "select v.id, v.product_id, p.name as product_name, v.variant_name, v.sku, v.price from variants v join products p on p.id = v.product_id where v.store_id = ? and p.is_active = 1 order by v.id limit 20000",
        [summary.store_id],
      );
      const history = await seedOrders(application.database, summary.store_id, variants.map((v) => ({ ...v, price: Number(v.price) })), {
        orders: Number(values.orders),
        days: Number(values["order-days"]),
        seed: summary.seed,
        currency: DEFAULT_SEED_OPTIONS.currency,
      });
      console.log(`seeded ${history.orders} orders (${history.order_items} lines, ${history.customers} customers, ${history.threads} threads) in ${history.seconds.toFixed(1)} s`);
      written = { ...summary, order_history: history };
    }
    await writeSeedSummary(values.out, written);
    console.log(
      `seeded ${summary.products} products / ${summary.variants} variants (${summary.simple_products} simple) in ${summary.seconds.toFixed(2)} s; summary in ${values.out}`,
    );
  } finally {
    await application.close();
  }
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

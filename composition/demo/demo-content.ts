// The demo store's content (docs/api/demo-store.md, "What the demo store holds"): 2 published posts
// showing demo products, 1 draft, 1 archived post, and 2 lookbooks with images and product
// hotspots. Made through the use cases; products are found by name in the demo catalog, times are
// relative to the application's clock.
import { ListCollections } from "../../application/catalog/list-collections.js";
import { CreateLookbook } from "../../application/content/create-lookbook.js";
import { CreatePost } from "../../application/content/create-post.js";
import type { Container } from "inversify";
import type { Principal } from "../../application/access/principal.js";
import { demoDays, demoProductFinder } from "./demo-lookups.js";

const IMAGES = "https://images.example.com/content";

export const seedDemoContent = async (container: Container, principal: Principal): Promise<void> => {
  const createPost = container.get(CreatePost);
  const createLookbook = container.get(CreateLookbook);
  const day = demoDays(container);
  const product = demoProductFinder(container, principal);
  const sofa = await product("Kilimani Three-Seater Sofa");
  const rug = await product("Maasai Shuka Rug");
  const lamp = await product("Rattan Pendant Lamp");
  const cushion = await product("Mudcloth Cushion Cover");
  const throwBlanket = await product("Wool Throw Blanket");
  const beans = await product("Kenyan AA Coffee Beans");
  const dripper = await product("Pour-over Coffee Dripper");
  const mug = await product("Stoneware Mug");
  const candle = await product("Beeswax Pillar Candle");
  const homepage = (await container.get(ListCollections).execute(principal, { showOnHomepage: true }, { limit: 1 })).items[0];

  const rains = await createLookbook.execute(principal, {
    title: "Long Rains at Home",
    description: "Wool, rattan and warm light for the grey afternoons of April in Nairobi.",
    featured_image: `${IMAGES}/long-rains/cover.jpg`,
    collection_id: homepage?.id ?? null,
    published_at: day(-20),
    images: [
      {
        url: `${IMAGES}/long-rains/living-room.jpg`,
        alt_text: "A grey three-seater sofa with mudcloth cushions under a rattan pendant lamp",
        caption: "The Kilimani sofa in Grey, dressed with mudcloth cushions.",
        hotspots: [
          { product_id: sofa.id, x: 48, y: 62 },
          { product_id: cushion.id, x: 30, y: 52 },
          { product_id: lamp.id, x: 55, y: 12 },
        ],
      },
      {
        url: `${IMAGES}/long-rains/reading-corner.jpg`,
        alt_text: "An ochre wool throw over the arm of a sofa on a red shuka rug",
        caption: "An ochre throw and a shuka rug warm up a reading corner.",
        hotspots: [
          { product_id: throwBlanket.id, x: 40, y: 45 },
          { product_id: rug.id, x: 50, y: 85 },
        ],
      },
      { url: `${IMAGES}/long-rains/window.jpg`, alt_text: "Rain on a window, candles on the sill", caption: null },
    ],
  });
  const slowMornings = await createLookbook.execute(principal, {
    title: "Slow Mornings",
    description: "Coffee from Nyeri, a pour-over and a candle before the city wakes.",
    featured_image: `${IMAGES}/slow-mornings/cover.jpg`,
    published_at: day(-6),
    images: [
      {
        url: `${IMAGES}/slow-mornings/kitchen-counter.jpg`,
        alt_text: "A glass coffee dripper over a cream stoneware mug",
        caption: "Brewing Kenyan AA through the Kitengela glass dripper.",
        hotspots: [
          { product_id: dripper.id, x: 45, y: 35 },
          { product_id: mug.id, x: 47, y: 70 },
          { product_id: beans.id, x: 78, y: 60 },
        ],
      },
      {
        url: `${IMAGES}/slow-mornings/table.jpg`,
        alt_text: "A beeswax pillar candle beside a steaming mug",
        caption: "Beeswax burns clean and smells faintly of honey.",
        hotspots: [{ product_id: candle.id, x: 30, y: 40 }],
      },
    ],
  });

  await createPost.execute(principal, {
    title: "Five Ways to Warm Up Your Living Room for the Long Rains",
    excerpt: "Layer wool over linen, lower the light and let one red rug do the talking.",
    content: [
      "<p>When the long rains arrive, a living room has to work harder. Here is how we style ours.</p>",
      "<h2>1. Start with the sofa</h2><p>A deep seat in a soft grey takes every colour you add later.</p>",
      "<h2>2. Add texture, not clutter</h2><p>Mudcloth cushions and a wool throw bring pattern and warmth.</p>",
      "<h2>3. Ground it with a rug</h2><p>A Maasai shuka rug adds the one bold colour a grey day needs.</p>",
      "<h2>4. Lower the light</h2><p>A rattan pendant throws a warm, patterned glow across the ceiling.</p>",
      "<h2>5. Keep it personal</h2><p>Books, plants and something made by hand: the room should look lived in.</p>",
    ].join("\n"),
    featured_image: `${IMAGES}/posts/warm-living-room.jpg`,
    category_id: sofa.categoryId,
    author_name: "Wanjiru Kamau",
    author_avatar: `${IMAGES}/authors/wanjiru-kamau.jpg`,
    status: "published",
    published_at: day(-18),
    seo_title: "How to warm up a living room for the rainy season",
    seo_description: "Five styling ideas for a cosy living room: a soft sofa, mudcloth cushions, a shuka rug and warm rattan light.",
    product_ids: [sofa.id, cushion.id, rug.id, lamp.id, throwBlanket.id],
    lookbook_ids: [rains.id],
  });
  await createPost.execute(principal, {
    title: "From Nyeri to Your Cup: Brewing Kenyan AA at Home",
    excerpt: "Grind fresh, weigh your water and give the bloom thirty seconds.",
    content: [
      "<p>Kenyan AA beans from the slopes of Mount Kenya are bright, winey and full of blackcurrant.</p>",
      "<h2>What you need</h2><p>Fresh beans, a pour-over dripper, a kettle and a mug you love.</p>",
      "<h2>The recipe</h2><p>15 g of coffee to 250 g of water just off the boil. Bloom for 30 seconds, then pour slowly in circles.</p>",
      "<p>Three minutes later you have a clean, sweet cup. Light a candle; the morning can wait.</p>",
    ].join("\n"),
    featured_image: `${IMAGES}/posts/pour-over.jpg`,
    category_id: beans.categoryId,
    author_name: "Otieno Ouma",
    author_avatar: `${IMAGES}/authors/otieno-ouma.jpg`,
    status: "published",
    published_at: day(-5),
    seo_title: "How to brew Kenyan AA coffee with a pour-over",
    seo_description: "A simple pour-over recipe for Kenyan AA coffee: ratio, bloom and pouring.",
    product_ids: [beans.id, dripper.id, mug.id, candle.id],
    lookbook_ids: [slowMornings.id],
  });
  await createPost.execute(principal, {
    title: "Behind the Weave: A Day with the Kiondo Weavers of Machakos",
    excerpt: "How a sisal basket is made, from the plant to the last plait.",
    content: "<p>Draft: interview notes and photos to follow after the studio visit.</p>",
    category_id: cushion.categoryId,
    author_name: "Wanjiru Kamau",
    status: "draft",
    product_ids: [],
  });
  await createPost.execute(principal, {
    title: "Holiday Gift Guide 2025",
    excerpt: "Last year's favourite gifts under KSh 3,000.",
    content: "<p>Candles, mugs and cushions: the gifts our customers loved last December.</p>",
    author_name: "Otieno Ouma",
    status: "archived",
    published_at: day(-330),
    product_ids: [candle.id, mug.id, cushion.id],
  });
};

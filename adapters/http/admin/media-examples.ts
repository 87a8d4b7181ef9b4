// The examples of the admin API's media operations (docs/staff.md, "Media"), run in this order:
// upload, list (the one item uploaded), read, delete. The upload's body is a 4×3 PNG; the
// document shows its bytes base64-encoded under `image/png`, and the examples test sends them
// decoded with that Content-Type.
import { LEARNED } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

/** A 4×3 PNG (104 bytes). */
export const EXAMPLE_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAMAAACDKl70AAAAA1BMVEXIUCi3yA+MAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAC0lEQVQI12NgQAEAAA8AAS0uh5oAAAAASUVORK5CYII=";

const STORE = "019ab0f1-0c2d-7e3f-8a4b-5c6d7e8f9a0b";
const base = `https://shop.example.com/media/${STORE}/${LEARNED.newMedia}`;

const variant = (name: string) => ({ name, url: `${base}/${name}`, content_type: "image/webp", width: 4, height: 3, bytes: 44 });

export const EXAMPLE_MEDIA = {
  id: LEARNED.newMedia,
  url: `${base}/original`,
  content_type: "image/png",
  width: 4,
  height: 3,
  bytes: 81,
  file_name: "swatch.png",
  variants: [variant("200"), variant("600"), variant("1200")],
  created_by: { type: "api_key", id: "019ab0f1-7a6b-7c5d-8e4f-3a2b1c0d9e8f", label: "Default secret key" },
  created_at: "2026-11-27T09:30:00.000Z",
};

export const adminMediaExamples = {
  adminUploadMedia: {
    query: { file_name: "swatch.png" },
    body: EXAMPLE_PNG_BASE64,
    response: { status: 201, body: EXAMPLE_MEDIA },
  },
  adminListMedia: {
    query: { limit: "20" },
    response: { status: 200, body: { media: [EXAMPLE_MEDIA], pagination: { limit: 20, next_cursor: null, has_more: false } } },
  },
  adminGetMedia: { params: { id: LEARNED.newMedia }, response: { status: 200, body: EXAMPLE_MEDIA } },
  adminDeleteMedia: { params: { id: LEARNED.newMedia }, response: { status: 204 } },
} satisfies Record<string, RouteExample>;

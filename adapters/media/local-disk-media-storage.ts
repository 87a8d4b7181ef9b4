// MediaStorage in a folder of the local disk (STOREFRONT_MEDIA_DIR; by default `media` beside the
// SQLite file). A key `{store}/{media}/{variant}.{ext}` is a file at that path under the folder. A
// file is written under a temporary name and renamed into place, so a reader (or a crash) never
// meets half a file. The content type follows from the key's extension; another type is kept in
// a small `.content-type` file beside it.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { MediaStorage, StoredFile } from "../../application/ports/media-storage.js";

const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** A key is segments of letters, digits, `.`, `_` and `-`, none starting with a dot: it names a path under the folder and nothing else. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

const extensionOf = (key: string): string => /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? "";

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === "ENOENT";

export class LocalDiskMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The folder files are kept in (absolute). */
  get directory(): string {
    return this.root;
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a media storage key: ${JSON.stringify(key)}`);
    const path = join(this.root, ...key.split("/"));
    if (!path.startsWith(this.root + sep)) throw new Error(`not a media storage key: ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const typePath = `${path}.content-type`;
    if (TYPE_OF_EXTENSION[extensionOf(key)] !== contentType) await this.writeWhole(typePath, Buffer.from(contentType, "utf8"));
    else await rm(typePath, { force: true });
    await this.writeWhole(path, bytes);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const path = this.pathOf(key);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    let contentType = TYPE_OF_EXTENSION[extensionOf(key)];
    if (contentType === undefined) {
      try {
        contentType = (await readFile(`${path}.content-type`, "utf8")).trim();
      } catch (error) {
        if (!isMissing(error)) throw error;
        contentType = "application/octet-stream";
      }
    }
    return { bytes, contentType };
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.content-type`, { force: true });
    // The folders the key made go too once empty (a media item's, then its store's).
    for (let folder = dirname(path); folder.startsWith(this.root + sep); folder = dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        break;
      }
    }
  }

  private async writeWhole(path: string, bytes: Uint8Array): Promise<void> {
    const temporary = `${path}.${randomUUID()}.partial`;
    try {
      await writeFile(temporary, bytes, { flag: "wx" });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

import { inject, injectable } from "inversify";
import {
  type MediaVariant,
} from "../../domain/media/media.js";
import { MediaRepository } from "../ports/media-repository.js";

/** The public read: a file of a store's media item by the variant's name, or undefined. */
@injectable()
export class FindMediaVariant {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
  ) {}

  async execute(storeId: string, id: string, name: string): Promise<MediaVariant | undefined> {
    const found = await this.media.find(storeId, id);
    return found?.variants.find((v) => v.name === name);
  }
}

// GetMedia, the use case behind GET /admin/v1/media/{id}; what it shares with its sibling use cases
// is in media-records.ts.
import { inject, injectable } from "inversify";
import {
  type Media,
} from "../../domain/media/media.js";
import type { Principal } from "../access/principal.js";
import { MediaRepository } from "../ports/media-repository.js";
import { mediaMissing } from "./media-records.js";

@injectable()
export class GetMedia {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
  ) {}

  async execute(principal: Principal, id: string): Promise<Media> {
    const found = await this.media.find(principal.storeId, id);
    if (found === undefined) throw mediaMissing();
    return found;
  }
}

// ListMedia, the use case behind GET /admin/v1/media.
import { inject, injectable } from "inversify";
import {
  type Media,
} from "../../domain/media/media.js";
import type { Principal } from "../access/principal.js";
import type { Page, PageRequest } from "../pagination/page.js";
import { MediaRepository } from "../ports/media-repository.js";

@injectable()
export class ListMedia {
  constructor(
    @inject(MediaRepository) private readonly media: MediaRepository,
  ) {}

  execute(principal: Principal, page: PageRequest): Promise<Page<Media>> {
    return this.media.listPage(principal.storeId, page);
  }
}

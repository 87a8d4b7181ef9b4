import { inject, injectable } from "inversify";
import {
  type MediaVariant,
} from "../../domain/media/media.js";
import { MediaStorage, type StoredFile } from "../ports/media-storage.js";

/** The bytes of a variant found by `variant`, or undefined when its file is gone. */
@injectable()
export class ReadMediaFile {
  constructor(
    @inject(MediaStorage) private readonly storage: MediaStorage,
  ) {}

  execute(variant: MediaVariant): Promise<StoredFile | undefined> {
    return this.storage.get(variant.key);
  }
}

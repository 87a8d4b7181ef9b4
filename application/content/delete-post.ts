// DeletePost, the use case behind DELETE /v1/posts/{post}.
import { postMissing } from "./post-reads.js";
import { inject, injectable } from "inversify";
import type { Principal } from "../access/principal.js";
import { PostRepository } from "../ports/post-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

@injectable()
export class DeletePost {
  constructor(
    @inject(PostRepository) private readonly posts: PostRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(principal: Principal, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.posts.find(principal.storeId, id)) === undefined) throw postMissing();
      await this.posts.remove(principal.storeId, id);
    });
  }
}

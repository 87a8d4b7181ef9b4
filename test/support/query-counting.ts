// Counting the queries one request costs: the answer cache's catalog-version poll runs on its own
// timer about once a second, so on a slow or busy machine it can land inside a counted request.
// Tests that count a request's queries leave it out.
const BACKGROUND_POLL = /from catalog_(item_)?versions group by|^select bucket, version from catalog_item_versions/i;

/** Whether a statement was sent by the catalog-version poll rather than by the request. */
export const isBackgroundPoll = (sql: string): boolean => BACKGROUND_POLL.test(sql);

/** What `work` answers, and how many statements it sent through `db` meanwhile. */
export const queriesDuring = async <T>(db: { onQuery(listener: (sql: string) => void): () => void }, work: () => Promise<T>): Promise<{ answer: T; queries: number }> => {
  let queries = 0;
  const stop = db.onQuery(() => queries++);
  try {
    return { answer: await work(), queries };
  } finally {
    stop();
  }
};

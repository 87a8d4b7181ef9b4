// A page of a keyset-paginated list, and how a caller asks for one. The cursor is opaque to
// everyone but the repository that made it.
export interface PageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

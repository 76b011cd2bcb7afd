/**
 * A picture the storage could not keep (issue 35, item 5; docs/decisions/0178): the disk is full (or over a quota,
 * or a file over its size limit), or the storage is not there or refuses writes. The save that carried the picture is
 * refused whole (withIngestedImages stores pictures before the save's transaction), and the person is told so in
 * their language with a 503; the operator's log says which.
 */
export class MediaStoreError extends Error {
  constructor(
    readonly reason: 'full' | 'unavailable',
    /** the system's code (ENOSPC, EROFS, an S3 error's name) for the operator's log */
    readonly code: string,
  ) {
    super(`media storage ${reason} (${code})`);
  }
}

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** The storage failure an error of a write is (a MediaStoreError as it is). */
export function storeFailure(err: unknown): MediaStoreError {
  if (err instanceof MediaStoreError) return err;
  const code = String(
    (err as { code?: unknown; name?: unknown })?.code ?? (err as { name?: unknown })?.name ?? 'unknown',
  );
  return new MediaStoreError(FULL_CODES.has(code) ? 'full' : 'unavailable', code);
}

/** What the storage last said: ok, or the failure of a write in the last minute (the health answer reads it). */
export class StoreCondition {
  private failure: { reason: MediaStoreError['reason']; at: number } | null = null;

  failed(error: MediaStoreError): void {
    this.failure = { reason: error.reason, at: Date.now() };
  }

  succeeded(): void {
    this.failure = null;
  }

  /** the reason of a write that failed in the last `withinMs`, else null */
  recentFailure(withinMs = 60_000): MediaStoreError['reason'] | null {
    return this.failure && Date.now() - this.failure.at <= withinMs ? this.failure.reason : null;
  }
}

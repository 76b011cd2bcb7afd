import type { ImportProgress } from '#shared/contract/vet-import';
import type { Actor } from '#server/auth/acting-user';
import { UserError } from '#server/http/errors';

/** Imports followed at once by one process; the oldest is forgotten first beyond it. */
const MAX_ENTRIES = 1000;
/** An import's progress is forgotten this long after its last step (its last poll comes well before). */
const KEEP_MS = 10 * 60_000;

interface Entry extends ImportProgress {
  clinicId: number;
  userId: number | null;
  expiresAt: number;
}

/** What an import reports while it runs: rows read, then pets written. */
export type ReportProgress = (progress: ImportProgress) => void;

/**
 * The progress of the imports this process runs, by the `progressKey` the wizard chose (GetImportProgress,
 * docs/decisions/0193). In memory: an import's request and the polls of its progress reach the same process on one
 * server; behind several processes a poll that reaches another one is answered "not found" and the wizard keeps
 * its last figure. Only the person of the clinic who started the import reads it.
 */
export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The reporter of an import under `key`; a key another person holds is left to them (this import goes unreported). */
  follow(key: string | undefined, actor: Actor): ReportProgress {
    if (key === undefined) return () => undefined;
    this.forgetExpired();
    const held = this.entries.get(key);
    if (held && (held.clinicId !== actor.clinicId || held.userId !== actor.userId)) return () => undefined;
    const report: ReportProgress = (progress) => {
      this.entries.delete(key);
      this.entries.set(key, {
        ...progress,
        clinicId: actor.clinicId,
        userId: actor.userId,
        expiresAt: this.now() + KEEP_MS,
      });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    };
    report({ stage: 'reading', done: 0, total: 0 });
    return report;
  }

  /** The progress under `key` if `actor` started it; otherwise, as for an unknown key, a user error. */
  read(key: string, actor: Actor): ImportProgress {
    this.forgetExpired();
    const entry = this.entries.get(key);
    if (!entry || entry.clinicId !== actor.clinicId || entry.userId !== actor.userId)
      throw new UserError('importProgressNotFound');
    return { stage: entry.stage, done: entry.done, total: entry.total };
  }

  private forgetExpired(): void {
    const now = this.now();
    // entries are kept in the order of their last step, so the expired ones come first
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(key);
    }
  }
}

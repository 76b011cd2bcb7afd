/**
 * A kept scale fill (SCALE_KEEP_DIR, scale.ts): the cluster of a finished fill stays in the directory with a marker
 * written after the fill's last step, so the next run (of this build or another) reuses it instead of filling again.
 * The marker names the fill's version (scaleFillVersion: the fill's statements and counts); a directory holding a
 * cluster without a marker of this version (a fill that was stopped half-way, or another fill) is emptied and filled
 * again. A directory holding anything else is refused, never emptied.
 */
import fs from 'node:fs';
import path from 'node:path';

const MARKER = 'scale-fill.json';

export interface FillMarker {
  version: string;
  /** the day the fill ran: its visit and reminder dates are relative to it (current_date) */
  filledOn: string;
  fillSeconds: number;
  rows: Record<string, number>;
}

/** The marker of a finished fill of `version` in `dir`, or null after making `dir` ready for a new fill. */
export function keptFill(dir: string, version: string): FillMarker | null {
  const markerFile = path.join(dir, MARKER);
  if (fs.existsSync(markerFile)) {
    const marker = JSON.parse(fs.readFileSync(markerFile, 'utf8')) as FillMarker;
    if (marker.version === version && fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))) return marker;
  }
  const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const ours = new Set([MARKER, `${MARKER}.tmp`, 'data', 'sock', 'server.log']);
  const foreign = entries.filter((e) => !ours.has(e));
  if (foreign.length)
    throw new Error(
      `SCALE_KEEP_DIR ${dir} holds ${foreign.join(', ')}: not a kept scale fill; name an empty directory`,
    );
  for (const e of entries) fs.rmSync(path.join(dir, e), { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return null;
}

/** Written last, once the fill (and its VACUUM ANALYZE) is complete. */
export function markFilled(dir: string, marker: FillMarker): void {
  const tmp = path.join(dir, `${MARKER}.tmp`);
  fs.writeFileSync(tmp, JSON.stringify(marker, null, 2));
  fs.renameSync(tmp, path.join(dir, MARKER));
}

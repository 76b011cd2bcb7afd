/**
 * Which parts of the scale benchmark (scale.ts) a `--calls` list selects: a part runs when no word is given or one of
 * the words is part of its name (case-insensitive). Every part has a name, so naming one desk call skips the export,
 * the long tail, the sweep and the servers only the HTTP calls need.
 */
export const LONG_TAIL_PART = 'long tail of pet profiles';
export const EXPORT_PART = 'ExportVetPets of 100,000 patients';
export const SWEEP_PART = 'reminder sweep';

/** Whether the words select the part `name`. */
function selects(filters: readonly string[] | undefined, name: string): boolean {
  return !filters?.length || filters.some((f) => name.toLowerCase().includes(f.toLowerCase()));
}

export interface ScaleParts {
  /** the HTTP calls' names selected (explained, timed cached and on a cache miss) */
  calls: string[];
  /** the desk calls' names selected (in process) */
  desk: string[];
  longTail: boolean;
  export: boolean;
  sweep: boolean;
}

/** The parts the words select among these HTTP and desk calls; throws when they select nothing. */
export function selectParts(
  filters: readonly string[] | undefined,
  names: { calls: readonly string[]; desk: readonly string[] },
): ScaleParts {
  const words = filters?.length ? filters : undefined;
  const parts: ScaleParts = {
    calls: names.calls.filter((n) => selects(words, n)),
    desk: names.desk.filter((n) => selects(words, n)),
    longTail: selects(words, LONG_TAIL_PART),
    export: selects(words, EXPORT_PART),
    sweep: selects(words, SWEEP_PART),
  };
  if (!parts.calls.length && !parts.desk.length && !parts.longTail && !parts.export && !parts.sweep)
    throw new Error(`no scale call or part matches ${words?.join(', ')}`);
  return parts;
}

/** A small seeded PRNG (mulberry32) so every fresh seed produces the same rows. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items (in random order). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** A float in [-span, span], rounded to 6 decimals (for coordinate jitter). */
  jitter(span: number): number {
    return Math.round((this.next() * 2 - 1) * span * 1e6) / 1e6;
  }

  digits(count: number): string {
    let s = '';
    for (let i = 0; i < count; i++) s += String(this.int(0, 9));
    return s;
  }
}

const PUBLIC_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Unique 8-character uppercase public IDs; never one starting with "DEMO". */
export class PublicIdFactory {
  private readonly used = new Set<string>();

  constructor(private readonly random: Random) {}

  reserve(id: string): string {
    this.used.add(id);
    return id;
  }

  next(): string {
    for (;;) {
      let id = '';
      for (let i = 0; i < 8; i++) id += this.random.pick([...PUBLIC_ID_ALPHABET]);
      if (!this.used.has(id) && !id.startsWith('DEMO')) return this.reserve(id);
    }
  }
}

/** "YYYY-MM-DD" of a date, in UTC. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The ISO date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

/** A timestamp on `date` at the given UTC hour and minute. */
export function at(date: string, hour: number, minute = 0): Date {
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
}

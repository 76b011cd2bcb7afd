/** At most one stored sighting per pet per address in this window… */
export const PER_PET_WINDOW_MS = 5 * 60 * 1000;
/** …and at most this many per address per hour. */
export const PER_ADDRESS_PER_HOUR = 30;
const HOUR_MS = 60 * 60 * 1000;
const MAX_TRACKED = 50_000;

/**
 * In-memory limiter of stored sightings per client address (request.ip, which honours TRUST_PROXY).
 * Per process: with several server processes each keeps its own counts. Excess sightings are
 * silently not stored; the visitor still gets the pet's page.
 */
export class SightingRateLimiter {
  private readonly lastPerPet = new Map<string, number>();
  private readonly perAddress = new Map<string, number[]>();

  /** Whether a sighting from `address` for pet `petId` may be stored now (and counts it if so). */
  allow(address: string, petId: number, now = Date.now()): boolean {
    const petKey = `${petId}|${address}`;
    const last = this.lastPerPet.get(petKey);
    if (last !== undefined && now - last < PER_PET_WINDOW_MS) return false;
    const recent = (this.perAddress.get(address) ?? []).filter((t) => now - t < HOUR_MS);
    if (recent.length >= PER_ADDRESS_PER_HOUR) {
      this.perAddress.set(address, recent);
      return false;
    }
    if (this.lastPerPet.size >= MAX_TRACKED || this.perAddress.size >= MAX_TRACKED) this.prune(now);
    recent.push(now);
    this.perAddress.set(address, recent);
    this.lastPerPet.set(petKey, now);
    return true;
  }

  /** Forgets everything older than the windows. */
  prune(now = Date.now()): void {
    for (const [key, t] of this.lastPerPet) if (now - t >= PER_PET_WINDOW_MS) this.lastPerPet.delete(key);
    for (const [key, times] of this.perAddress) {
      const recent = times.filter((t) => now - t < HOUR_MS);
      if (recent.length === 0) this.perAddress.delete(key);
      else this.perAddress.set(key, recent);
    }
    // Still full (a flood of distinct addresses): drop the oldest half rather than grow without bound.
    if (this.lastPerPet.size >= MAX_TRACKED) {
      let n = this.lastPerPet.size / 2;
      for (const key of this.lastPerPet.keys()) {
        if (n-- <= 0) break;
        this.lastPerPet.delete(key);
      }
    }
    if (this.perAddress.size >= MAX_TRACKED) {
      let n = this.perAddress.size / 2;
      for (const key of this.perAddress.keys()) {
        if (n-- <= 0) break;
        this.perAddress.delete(key);
      }
    }
  }
}

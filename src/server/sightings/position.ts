export interface Position {
  latitude: number;
  longitude: number;
}

const DECIMAL = /^[-+]?(\d{1,3}(\.\d{0,15})?|\.\d{1,15})$/;

function parseCoordinate(raw: string | undefined, limit: number): number | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (!DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

/**
 * The visitor's position from the query, or null when there is none: missing, unparsable,
 * out of range (latitude -90..90, longitude -180..180) or 0,0 (SPEC.md: the client sends 0,0 when
 * the visitor declined or location failed).
 */
export function parsePosition(latitude: string | undefined, longitude: string | undefined): Position | null {
  const lat = parseCoordinate(latitude, 90);
  const lon = parseCoordinate(longitude, 180);
  if (lat === null || lon === null) return null;
  if (lat === 0 && lon === 0) return null;
  return { latitude: lat, longitude: lon };
}

/**
 * A found report's public place (docs/decisions/0150): the centre of a grid cell about 500 m on each side, so every
 * public answer, page, share meta and image shows where the pet was found to within about 350 m, and the same cell
 * whatever is asked (distances from several places cannot narrow it down: they are measured from the centre).
 */
const CELL_M = 500;
const METRES_PER_DEGREE = 111_320;
const LAT_STEP = CELL_M / METRES_PER_DEGREE;

function snap(value: number, step: number): number {
  return (Math.floor(value / step) + 0.5) * step;
}

/** Rounded to 6 decimals (about 0.1 m): the grid's centre without float noise. */
const tidy = (value: number) => Math.round(value * 1e6) / 1e6 + 0;

export function publicPlace(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const lat = Math.min(90 - LAT_STEP / 2, Math.max(-90 + LAT_STEP / 2, snap(latitude, LAT_STEP)));
  // a cell is as wide as it is high: longitude degrees shrink towards the poles (at most 10° wide near them)
  const lonStep = Math.min(10, LAT_STEP / Math.max(Math.cos((lat * Math.PI) / 180), 0.01));
  let lon = snap(longitude + 180, lonStep) - 180;
  if (lon > 180) lon -= 360;
  return { latitude: tidy(lat), longitude: tidy(lon) };
}

/** Great-circle distance in km between two places. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Wheel zoom of an enlarged visit picture: 0.5 to 3 in steps of 0.1 (SPEC.md §5, §9). */
import { PICTURE_ZOOM_MAX, PICTURE_ZOOM_MIN, PICTURE_ZOOM_STEP } from '#shared/constants';

export function clampZoom(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Math.min(PICTURE_ZOOM_MAX, Math.max(PICTURE_ZOOM_MIN, rounded));
}

/** One wheel notch: scrolling up (negative deltaY) zooms in, down zooms out. */
export function zoomAfterWheel(current: number, deltaY: number): number {
  if (deltaY === 0) return clampZoom(current);
  return clampZoom(current + (deltaY < 0 ? PICTURE_ZOOM_STEP : -PICTURE_ZOOM_STEP));
}

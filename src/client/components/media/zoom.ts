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

/**
 * The scroll offset along one axis that keeps the same point of the picture at the middle of the
 * view when its shown size changes (a zoom), clamped to what can be scrolled. A picture smaller
 * than the view sits centred (offset 0, nothing to scroll).
 */
export function scrollKeepingCentre(scroll: number, view: number, shownBefore: number, shownAfter: number): number {
  if (shownAfter <= view || shownBefore <= 0) return 0;
  const marginBefore = Math.max(0, (view - shownBefore) / 2);
  const fraction = Math.min(1, Math.max(0, (scroll + view / 2 - marginBefore) / shownBefore));
  return Math.min(shownAfter - view, Math.max(0, fraction * shownAfter - view / 2));
}

/** The scale at which a picture fits its view whole (never enlarged past its own size): zoom 1. */
export function fitScale(natural: { width: number; height: number }, view: { width: number; height: number }): number {
  if (natural.width <= 0 || natural.height <= 0 || view.width <= 0 || view.height <= 0) return 1;
  return Math.min(1, view.width / natural.width, view.height / natural.height);
}

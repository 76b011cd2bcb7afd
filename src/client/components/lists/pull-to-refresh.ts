/** Pull-to-refresh rule (SPEC.md §4): at scroll top, a downward drag of more than 50 px arms a refresh. */
import { PULL_TO_REFRESH_PX } from '#shared/constants';

export function isPullArmed(startY: number | null, currentY: number, scrollTop: number): boolean {
  return startY !== null && scrollTop <= 0 && currentY - startY > PULL_TO_REFRESH_PX;
}

import { describe, expect, it } from 'vitest';
import { clampZoom, fitScale, scrollKeepingCentre, zoomAfterWheel } from '#client/components/media/zoom';

describe('picture zoom', () => {
  it('steps by 0.1 without floating drift', () => {
    let z = 1;
    for (let i = 0; i < 3; i += 1) z = zoomAfterWheel(z, -100);
    expect(z).toBe(1.3);
    expect(zoomAfterWheel(1.3, 100)).toBe(1.2);
    expect(zoomAfterWheel(1.3, 0)).toBe(1.3);
  });

  it('stays within 0.5 and 3', () => {
    let z = 1;
    for (let i = 0; i < 50; i += 1) z = zoomAfterWheel(z, -1);
    expect(z).toBe(3);
    for (let i = 0; i < 50; i += 1) z = zoomAfterWheel(z, 1);
    expect(z).toBe(0.5);
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(0.1)).toBe(0.5);
  });
});

describe('moving a zoomed picture', () => {
  it('fits a picture whole in its view, never enlarged past its own size', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 800, height: 600 })).toBe(0.4);
    expect(fitScale({ width: 400, height: 300 }, { width: 800, height: 600 })).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, { width: 800, height: 600 })).toBe(1);
  });

  it('a zoom keeps the middle of the view on the same point of the picture', () => {
    // fitted (800 wide in an 800 view), then 300 %: the centre of the picture stays in the middle
    expect(scrollKeepingCentre(0, 800, 800, 2400)).toBe(800);
    // panned right (the middle of the view at 1900 of 2400), then larger: still the same point in the middle
    expect(scrollKeepingCentre(1500, 800, 2400, 3000)).toBeCloseTo((1900 / 2400) * 3000 - 400);
    // from a picture smaller than the view (centred, with margins)
    expect(scrollKeepingCentre(0, 800, 400, 1600)).toBe(400);
  });

  it('never scrolls past the edges, and not at all when the picture fits', () => {
    expect(scrollKeepingCentre(1600, 800, 2400, 2400)).toBe(1600);
    expect(scrollKeepingCentre(5000, 800, 2400, 2400)).toBe(1600);
    expect(scrollKeepingCentre(-50, 800, 2400, 2400)).toBe(0);
    expect(scrollKeepingCentre(800, 800, 2400, 600)).toBe(0);
  });
});

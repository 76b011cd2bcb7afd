import { describe, expect, it } from 'vitest';
import { clampZoom, zoomAfterWheel } from '#client/components/zoom';

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

import { describe, expect, it } from 'vitest';
import { routeId } from '#client/features/portal-print/route-id';

describe('routeId', () => {
  it('reads the ids the API accepts', () => {
    expect(routeId('42')).toBe(42);
    expect(routeId('2147483647')).toBe(2147483647);
  });
  it('refuses anything else', () => {
    for (const bad of [undefined, '', '0', '-1', '007', '1.5', '1e3', 'abc', '2147483648', '99999999999'])
      expect(routeId(bad), String(bad)).toBeNull();
  });
});

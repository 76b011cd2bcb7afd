import { describe, expect, it } from 'vitest';
import { withoutInheritedKeys } from '#shared/forms/plain-input';

describe('withoutInheritedKeys', () => {
  it('drops keys naming Object.prototype members at every depth and keeps the rest', () => {
    const raw = JSON.parse('{"a":1,"valueOf":"","toString":2,"__proto__":{"x":1},"list":[{"constructor":3,"b":[{"hasOwnProperty":4}]}],"c":null}');
    expect(withoutInheritedKeys(raw)).toEqual({ a: 1, list: [{ b: [{}] }], c: null });
  });

  it('leaves scalars and the input alone', () => {
    const raw = { valueOf: 1, keep: 'x' };
    expect(withoutInheritedKeys('text')).toBe('text');
    expect(withoutInheritedKeys(raw)).toEqual({ keep: 'x' });
    expect(raw).toEqual({ valueOf: 1, keep: 'x' });
  });
});

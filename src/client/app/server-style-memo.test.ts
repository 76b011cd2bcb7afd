import { describe, expect, it } from 'vitest';
import { serializeStyles as serializeOnce, type CSSObject, type Interpolation } from '@emotion/serialize';
import { serializeStyles } from '#client/app/server-style-memo';

type Props = Record<string, unknown>;
const theme = { spacing: 8, palette: { primary: '#123' } };

// A styled element's style functions, as MUI passes them to emotion: they read the theme and the props.
const root = (props: unknown): CSSObject => {
  const { theme: t, ownerState } = props as { theme: typeof theme; ownerState: Props };
  return { color: t.palette.primary, margin: ownerState.dense ? 0 : t.spacing };
};
const withChildren = (props: unknown): CSSObject => ({
  paddingTop: (props as { ownerState: Props }).ownerState.children ? 4 : 0,
});
const sx = (props: unknown): CSSObject => {
  const { theme: t, sx: given } = props as { theme: typeof theme; sx?: CSSObject | ((t: typeof theme) => CSSObject) };
  return typeof given === 'function' ? given(t) : (given ?? {});
};
const args: Interpolation<unknown>[] = [root, withChildren, sx];

const call = (props: Props) => serializeStyles(args, {}, { theme, ...props });
// name and CSS (emotion's development build adds a toString of its own to each result)
const once = (props: Props) => {
  const { name, styles } = serializeOnce(args, {}, { theme, ...props });
  return { name, styles };
};

describe('server style memo', () => {
  it('answers equal props with the styles emotion serialised the first time', () => {
    const props = () => ({ ownerState: { dense: false, children: 'Rex' }, sx: { mb: 1 }, onClick: () => undefined });
    const first = call(props());
    expect(first).toMatchObject(once(props()));
    expect(call(props())).toBe(first);
  });

  it('tells apart props a style reads', () => {
    const base = { ownerState: { dense: false, children: 'a' }, sx: { mb: 1 } };
    const cases: Props[] = [
      base,
      { ...base, ownerState: { dense: true, children: 'a' } },
      { ...base, sx: { mb: 2 } },
      { ...base, sx: { mb: '1' } },
      { ...base, ownerState: { dense: false, children: '' } },
      { ...base, ownerState: { dense: false } },
    ];
    const names = cases.map((props) => call(props).name);
    // each case after the first differs from one before it in a value a style reads: a key that missed it would
    // answer with the earlier case's styles
    expect(names).toEqual(cases.map((props) => once(props).name));
    expect(new Set(names).size).toBe(5); // no children and empty children make the same CSS
  });

  it('tells apart props whose parts differ only in where they stand', () => {
    // the same names and values, nested differently: a key that lost the nesting would answer one with the other
    const cases: Props[] = [
      { ownerState: { dense: [true], x: 1 } },
      { ownerState: { dense: [true, 'x', 1] } },
      { ownerState: { dense: [[true], 'x', 1] } },
      { ownerState: { dense: true, x: 1 } },
      { ownerState: { dense: { x: 1 } } },
    ];
    const results = cases.map((props) => call(props));
    expect(results.map((r) => r.name)).toEqual(cases.map((props) => once(props).name));
    expect(new Set(results).size).toBe(cases.length);
  });

  it('keeps one result for any text, address or handler, but not for a different sx function', () => {
    const a = call({ ownerState: { children: 'Rex', href: '/pets/1' }, ref: () => undefined });
    expect(call({ ownerState: { children: 'Luna', href: '/pets/2' }, ref: () => undefined })).toBe(a);
    const blue = call({ ownerState: {}, sx: (t: typeof theme) => ({ color: t.palette.primary }) });
    expect(call({ ownerState: {}, sx: () => ({ color: 'red' }) })).not.toBe(blue);
  });

  it('serialises anew what it cannot describe or is not a styled element', () => {
    const cyclic: Props = { children: 'x' };
    cyclic.self = cyclic;
    const props = { ownerState: cyclic };
    expect(call(props)).toMatchObject(once(props));
    expect(call(props)).not.toBe(call(props));
    const global = [{ body: { margin: 0 } }];
    expect(serializeStyles(global, undefined, theme)).not.toBe(serializeStyles(global, undefined, theme));
  });
});

import { describe, expect, it } from 'vitest';
import { isQuickSearchShortcut, shortcutLabel } from '#client/features/portal-quick-search/shortcut';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('the quick search shortcut', () => {
  it('is Ctrl+K, or Cmd+K on a Mac, and nothing else', () => {
    expect(isQuickSearchShortcut(key('k', { ctrlKey: true }), false)).toBe(true);
    expect(isQuickSearchShortcut(key('K', { ctrlKey: true }), false)).toBe(true);
    expect(isQuickSearchShortcut(key('k', { metaKey: true }), true)).toBe(true);
    expect(isQuickSearchShortcut(key('k', { metaKey: true }), false)).toBe(false);
    expect(isQuickSearchShortcut(key('k', { ctrlKey: true }), true)).toBe(false);
    expect(isQuickSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isQuickSearchShortcut(key('k'), false)).toBe(false);
    expect(isQuickSearchShortcut(key('j', { ctrlKey: true }), false)).toBe(false);
  });

  it('is written for the computer it runs on', () => {
    expect(shortcutLabel(true)).toBe('⌘K');
    expect(shortcutLabel(false)).toBe('Ctrl+K');
  });
});

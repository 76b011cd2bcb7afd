// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillTemplate, sourceText } from '#server/templates';

describe('templates', () => {
  it('fills each {{name}} once: a value is never read as a template', () => {
    expect(fillTemplate('<p>{{text}}</p><i>{{n}}</i>', { text: '{{n}} $& $1', n: 3 })).toBe(
      '<p>{{n}} $& $1</p><i>3</i>',
    );
  });

  it('refuses a template whose placeholder has no value', () => {
    expect(() => fillTemplate('<p>{{text}}</p>', {})).toThrow(/\{\{text\}\}/);
  });

  it('reads a file beside a module', () => {
    expect(sourceText(import.meta.url, 'mail/markup/paragraph.html')).toContain('{{text}}');
  });
});

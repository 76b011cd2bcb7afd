import { describe, expect, it } from 'vitest';
import { sanitizeLegalHtml } from '#client/features/legal/sanitize';

describe('sanitizeLegalHtml', () => {
  it('keeps headings, paragraphs, lists and safe links', async () => {
    const html =
      '<h2>1. Data</h2><p>We keep <strong>little</strong>.</p><ul><li>one</li></ul><a href="https://example.org" target="_blank">site</a>';
    const clean = await sanitizeLegalHtml(html);
    expect(clean).toContain('<h2>1. Data</h2>');
    expect(clean).toContain('<strong>little</strong>');
    expect(clean).toContain('<li>one</li>');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('removes scripts, event handlers, javascript: links, styles and forms', async () => {
    const html =
      '<p onclick="alert(1)">x</p><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">bad</a><style>p{}</style><form><input></form><p style="color:red">y</p>';
    const clean = await sanitizeLegalHtml(html);
    expect(clean).not.toMatch(/onclick|onerror|<script|javascript:|<style|<form|<input|style=/i);
    expect(clean).toContain('<p>x</p>');
    expect(clean).toContain('<p>y</p>');
  });
});

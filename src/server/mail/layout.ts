import { directionOf } from '#shared/languages';
import { fillTemplate, sourceText } from '#server/templates';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export interface MailLayout {
  language: string;
  appName: string;
  publicUrl: string;
  title: string;
  /** paragraphs of plain text (escaped here) */
  paragraphs: string[];
  image?: { src: string; alt: string };
  action?: { label: string; href: string };
  /** small print under the action */
  notes: string[];
  /** who sends this and why, under everything */
  footer: string[];
  /** a link under the footer: a bulk e-mail's unsubscribe page (issue 32) */
  footerLink?: { label: string; href: string };
}

/** The e-mail's markup (mail clients drop <style> blocks: every style is inline), in markup/ beside this file. */
const markup = (name: 'page' | 'paragraph' | 'image' | 'action' | 'footer-link') =>
  sourceText(import.meta.url, `markup/${name}.html`);

/**
 * The HTML part: one centred card with inline styles, the product name on top, right-to-left for Arabic.
 */
export function renderMailHtml(m: MailLayout): string {
  const dir = directionOf(m.language);
  const p = (text: string, style = '') => fillTemplate(markup('paragraph'), { style, text: escapeHtml(text) });
  return fillTemplate(markup('page'), {
    lang: escapeHtml(m.language),
    dir,
    align: dir === 'rtl' ? 'right' : 'left',
    title: escapeHtml(m.title),
    publicUrl: escapeHtml(m.publicUrl),
    appName: escapeHtml(m.appName),
    image: m.image ? fillTemplate(markup('image'), { src: escapeHtml(m.image.src), alt: escapeHtml(m.image.alt) }) : '',
    paragraphs: m.paragraphs.map((t) => p(t)).join('\n'),
    action: m.action
      ? fillTemplate(markup('action'), { href: escapeHtml(m.action.href), label: escapeHtml(m.action.label) })
      : '',
    notes: m.notes.map((t) => p(t, 'font-size:13px;color:#566')).join('\n'),
    footer:
      m.footer.map((t) => p(t, 'font-size:12px;color:#677;margin:0 0 4px')).join('') +
      (m.footerLink
        ? fillTemplate(markup('footer-link'), {
            href: escapeHtml(m.footerLink.href),
            label: escapeHtml(m.footerLink.label),
          })
        : ''),
  });
}

/** The text part: the same content, the action as a bare link. */
export function renderMailText(m: MailLayout): string {
  return [
    m.title,
    '',
    ...m.paragraphs,
    ...(m.action ? ['', `${m.action.label}: ${m.action.href}`] : []),
    '',
    ...m.notes,
    '',
    '-- ',
    ...m.footer,
    ...(m.footerLink ? [`${m.footerLink.label}: ${m.footerLink.href}`] : []),
  ].join('\n');
}

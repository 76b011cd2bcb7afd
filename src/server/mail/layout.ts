import { directionOf } from '#shared/languages';

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
}

/**
 * The HTML part: one centred card with inline styles (mail clients drop <style> blocks), the
 * product name on top, right-to-left for Arabic.
 */
export function renderMailHtml(m: MailLayout): string {
  const dir = directionOf(m.language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const p = (text: string, style = '') =>
    `<p style="margin:0 0 14px;font-size:16px;line-height:1.5;${style}">${escapeHtml(text)}</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(m.language)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f6f6;font-family:Arial,Helvetica,sans-serif;color:#1c2b2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f6f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;text-align:${align}" dir="${dir}">
<tr><td style="background:#00695c;color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:20px;font-weight:bold"><a href="${escapeHtml(m.publicUrl)}" style="color:#ffffff;text-decoration:none">${escapeHtml(m.appName)}</a></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(m.title)}</h1>
${m.image ? `<img src="${escapeHtml(m.image.src)}" alt="${escapeHtml(m.image.alt)}" width="240" style="display:block;max-width:100%;border-radius:10px;margin:0 0 16px">` : ''}
${m.paragraphs.map((t) => p(t)).join('\n')}
${m.action ? `<p style="margin:20px 0"><a href="${escapeHtml(m.action.href)}" style="display:inline-block;background:#ffb300;color:#1c2b2b;font-weight:bold;text-decoration:none;padding:12px 20px;border-radius:8px">${escapeHtml(m.action.label)}</a></p>` : ''}
${m.notes.map((t) => p(t, 'font-size:13px;color:#566')).join('\n')}
</td></tr>
<tr><td style="padding:12px 24px 20px;border-top:1px solid #e0e6e6">${m.footer.map((t) => p(t, 'font-size:12px;color:#677;margin:0 0 4px')).join('')}</td></tr>
</table>
</td></tr></table>
</body></html>`;
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
  ].join('\n');
}

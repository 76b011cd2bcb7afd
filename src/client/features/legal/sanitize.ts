/**
 * Sanitises server-provided legal HTML with DOMPurify, imported on demand so it is only in the
 * legal pages' chunks. Scripts, event handlers, forms and styles are removed; links keep http(s),
 * mailto and tel only, and external ones open in a new tab without opener.
 */
export async function sanitizeLegalHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    // External links open in a new tab, without access to this page.
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/)/i,
  });
}

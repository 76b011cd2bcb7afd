import type { LanguageCode } from '#shared/languages';

/**
 * Faces a language needs beyond Inter (Latin) and Noto Sans Arabic (loaded on every page: its
 * unicode-range keeps the file from downloading where no Arabic letter shows): Chinese and Hindi
 * load theirs only when the page is in that language, so no other page grows (docs/decisions/0106).
 */
const LANGUAGE_FONTS: Partial<Record<LanguageCode, () => Promise<unknown>>> = {
  zh: () => import('@fontsource-variable/noto-sans-sc/wght.css'),
  hi: () => import('@fontsource-variable/noto-sans-devanagari/wght.css'),
};

/** The font stack of a language: Inter for Latin letters and digits, then the language's own face. */
const FONT_FAMILIES: Partial<Record<LanguageCode, string>> = {
  ar: '"Noto Sans Arabic Variable", "Inter Variable", system-ui, sans-serif',
  zh: '"Inter Variable", "Noto Sans SC Variable", "PingFang SC", "Microsoft YaHei", system-ui, sans-serif',
  hi: '"Inter Variable", "Noto Sans Devanagari Variable", system-ui, sans-serif',
};
const DEFAULT_FONT_FAMILY = '"Inter Variable", system-ui, -apple-system, "Segoe UI", sans-serif';

export function fontFamilyOf(language: LanguageCode): string {
  return FONT_FAMILIES[language] ?? DEFAULT_FONT_FAMILY;
}

const requested = new Set<LanguageCode>();

/** Starts loading a language's face stylesheet (once); nothing for languages Inter or the Arabic face cover. */
export function loadLanguageFont(language: LanguageCode): void {
  const load = LANGUAGE_FONTS[language];
  if (!load || requested.has(language)) return;
  requested.add(language);
  void load();
}

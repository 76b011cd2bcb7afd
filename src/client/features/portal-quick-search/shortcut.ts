/** True on a Mac (and iPad with a keyboard), where the portal's shortcuts use Cmd instead of Ctrl. */
function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The quick search's shortcut: Ctrl+K, or Cmd+K on a Mac (no other modifier). */
export function isQuickSearchShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  mac: boolean = isMac(),
): boolean {
  if (e.key.toLowerCase() !== 'k' || e.altKey || e.shiftKey) return false;
  return mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
}

/** How the shortcut is written for this computer: "⌘K" on a Mac, "Ctrl+K" elsewhere. */
export function shortcutLabel(mac: boolean = isMac()): string {
  return mac ? '⌘K' : 'Ctrl+K';
}

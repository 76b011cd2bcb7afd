import { useLayoutEffect, useRef } from 'react';

/**
 * Back closes the dialog on top instead of leaving the page (issue 36, item 1): each open dialog has a history entry
 * of its own, pushed when it opens, so a phone's Back gesture (or the browser's Back button) pops that entry and the
 * page stays. The entries hold how many dialogs were open (history.state[DEPTH_KEY]); the history's depth follows the
 * stack of open dialogs: an entry pushed for each one that opens, and one step back over each that closes by itself
 * (a save, Cancel, ×). A dialog that refuses to close on Back (its edits are not saved: it asks first) gets its entry
 * again. docs/decisions/0160.
 */
const DEPTH_KEY = 'pawtalDialogs';

interface OpenDialog {
  back: () => void;
}

const stack: OpenDialog[] = [];
let listening = false;
/** a step back of our own is underway: its popstate closes nothing */
let traversing = false;
let traverseGuard: ReturnType<typeof setTimeout> | undefined;
let reconcileTimer: ReturnType<typeof setTimeout> | undefined;

function depthOf(state: unknown): number {
  const depth = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[DEPTH_KEY] : 0;
  return typeof depth === 'number' ? depth : 0;
}

/** Brings the history's depth to the number of open dialogs. */
function reconcile(): void {
  reconcileTimer = undefined;
  // queued by the last dialog's unmount, it may come after the page is gone (a test's window torn down)
  if (traversing || typeof window === 'undefined') return;
  const depth = depthOf(window.history.state);
  if (depth < stack.length) {
    for (let d = depth + 1; d <= stack.length; d++)
      window.history.pushState({ ...(window.history.state as object | null), [DEPTH_KEY]: d }, '');
  } else if (depth > stack.length) {
    traversing = true;
    // a step that never lands (an entry gone) must not stop every later dialog from getting its entry
    traverseGuard = setTimeout(() => (traversing = false), 2000);
    window.history.go(stack.length - depth);
  }
}

/**
 * Later, once React has committed what a Back or a close changed (a dialog that closed has left the stack by then), and
 * once for several changes.
 */
function queueReconcile(): void {
  reconcileTimer ??= setTimeout(reconcile, 0);
}

function onPopState(event: PopStateEvent): void {
  if (traversing) {
    traversing = false;
    clearTimeout(traverseGuard);
  } else {
    // Back past dialogs' entries: each of those dialogs is asked to close, the topmost first.
    const depth = depthOf(event.state);
    for (const dialog of stack.slice(depth).reverse()) dialog.back();
  }
  queueReconcile();
}

function listen(): void {
  if (listening) return;
  listening = true;
  // An entry left from before a reload names dialogs this page does not have open.
  if (depthOf(window.history.state) > 0)
    window.history.replaceState({ ...(window.history.state as object), [DEPTH_KEY]: 0 }, '');
  window.addEventListener('popstate', onPopState);
}

/**
 * While the calling dialog is open, Back calls `onBack` (close, or ask first) instead of leaving the page. Call it in
 * the dialog's component, which is mounted only while the dialog is open.
 */
export function useBackCloses(onBack: () => void): void {
  const latest = useRef(onBack);
  useLayoutEffect(() => {
    latest.current = onBack;
  });
  useLayoutEffect(() => {
    const dialog: OpenDialog = { back: () => latest.current() };
    listen();
    stack.push(dialog);
    queueReconcile();
    return () => {
      stack.splice(stack.indexOf(dialog), 1);
      queueReconcile();
    };
  }, []);
}

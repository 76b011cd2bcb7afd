import { useCallback, useState } from 'react';
import { useBrowserValue } from '#client/components/hooks/use-browser-value';

interface VisitorPosition {
  latitude: number;
  longitude: number;
}

/** SPEC.md §9: the coordinates used when the position is unknown, refused or failed. */
export const UNKNOWN_POSITION: VisitorPosition = { latitude: 0, longitude: 0 };

/**
 * Why the browser gave no position after the visitor agreed: it refuses location to this site, or could not find it.
 */
export type LocationProblem = 'denied' | 'unavailable';

/**
 * Where the visitor's answers to the prompt are kept: "Not now" for every lost pet until they choose
 * Help Find Pet (this browser, localStorage); a shared position for this pet until the tab closes
 * (sessionStorage), so a reload neither asks again nor sends it twice.
 */
const DECLINED_KEY = 'pawtal.location.declined';
const sharedKey = (petKey: string) => `pawtal.location.shared:${petKey}`;

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function read(kind: 'localStorage' | 'sessionStorage', key: string): boolean {
  try {
    return storage(kind)?.getItem(key) === '1';
  } catch {
    return false;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, on: boolean): void {
  try {
    if (on) storage(kind)?.setItem(key, '1');
    else storage(kind)?.removeItem(key);
  } catch {
    // storage refused (private mode, full): the answer holds for this page only
  }
}

export interface VisitorLocation {
  position: VisitorPosition;
  /** how many positions were read (a new read of the same place counts) */
  fix: number;
  /** the visitor answered the prompt (now, or earlier in this browser); the page asks while this is false */
  asked: boolean;
  /** the browser refused or failed after the visitor agreed (shown to the visitor), else null */
  problem: LocationProblem | null;
  /** the visitor agreed: read the browser's position */
  allow(): void;
  /** the visitor declined: 0,0, and not asked again on this browser until Help Find Pet */
  decline(): void;
  /** "Help Find Pet": clear the asked flag (and a remembered "Not now") so the prompt appears again */
  askAgain(): void;
  /** the visitor closed the problem message */
  dismissProblem(): void;
}

/**
 * The visitor's position for a lost pet's page (SPEC.md §4): the page asks once (while `asked` is
 * false, when the pet is lost and the page is not in adoption mode); the browser is asked only
 * after the visitor agrees. Decline or failure: 0,0, logged. "Not now" is remembered on this
 * browser for every lost pet, and a shared position for this pet in this tab (docs/decisions/0122);
 * Help Find Pet asks again. `petKey` names the pet (its public ID or id).
 */
export function useVisitorLocation(petKey: string): VisitorLocation {
  const [position, setPosition] = useState<VisitorPosition>(UNKNOWN_POSITION);
  const [fix, setFix] = useState(0);
  // this page's own answer: null until the visitor answers here (or asks again)
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  // what this browser remembers; the server (and hydration) knows nothing, so the page waits until it is read
  const remembered = useBrowserValue(
    () => read('localStorage', DECLINED_KEY) || read('sessionStorage', sharedKey(petKey)),
    null,
  );

  const allow = useCallback(() => {
    setAnswered(true);
    setProblem(null);
    write('localStorage', DECLINED_KEY, false);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      console.warn('Location is not available in this browser; using 0,0.');
      setPosition(UNKNOWN_POSITION);
      setProblem('unavailable');
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => {
        write('sessionStorage', sharedKey(petKey), true);
        setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude });
        setFix((n) => n + 1);
      },
      (error) => {
        console.error('Error getting location:', error.message);
        setPosition(UNKNOWN_POSITION);
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [petKey]);

  const decline = useCallback(() => {
    setAnswered(true);
    write('localStorage', DECLINED_KEY, true);
    console.warn('Location access declined; using 0,0.');
    setPosition(UNKNOWN_POSITION);
  }, []);

  const askAgain = useCallback(() => {
    write('localStorage', DECLINED_KEY, false);
    write('sessionStorage', sharedKey(petKey), false);
    setProblem(null);
    setAnswered(false);
  }, [petKey]);

  const dismissProblem = useCallback(() => setProblem(null), []);

  // Until the browser's memory is read (hydration), the page does not ask.
  const asked = answered ?? (remembered === null ? true : remembered);
  return { position, fix, asked, problem, allow, decline, askAgain, dismissProblem };
}

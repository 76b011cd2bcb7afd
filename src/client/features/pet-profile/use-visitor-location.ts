import { useCallback, useState } from 'react';

interface VisitorPosition {
  latitude: number;
  longitude: number;
}

/** SPEC.md §9: the coordinates used when the position is unknown, refused or failed. */
export const UNKNOWN_POSITION: VisitorPosition = { latitude: 0, longitude: 0 };

export interface VisitorLocation {
  position: VisitorPosition;
  /** how many positions were read (a new read of the same place counts) */
  fix: number;
  /** the visitor answered the prompt; the page asks (once) while this is false */
  asked: boolean;
  /** the visitor agreed: read the browser's position */
  allow(): void;
  /** the visitor declined: 0,0 */
  decline(): void;
  /** "Help Find Pet": clear the asked flag so the prompt appears again */
  askAgain(): void;
}

/**
 * The visitor's position for a lost pet's page (SPEC.md §4): the page asks once (while `asked` is
 * false, when the pet is lost and the page is not in adoption mode); the browser is asked only
 * after the visitor agrees. Decline or failure: 0,0, logged.
 */
export function useVisitorLocation(): VisitorLocation {
  const [position, setPosition] = useState<VisitorPosition>(UNKNOWN_POSITION);
  const [fix, setFix] = useState(0);
  const [asked, setAsked] = useState(false);

  const allow = useCallback(() => {
    setAsked(true);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      console.warn('Location is not available in this browser; using 0,0.');
      setPosition(UNKNOWN_POSITION);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude });
        setFix((n) => n + 1);
      },
      (error) => {
        console.error('Error getting location:', error.message);
        setPosition(UNKNOWN_POSITION);
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, []);

  const decline = useCallback(() => {
    setAsked(true);
    console.warn('Location access declined; using 0,0.');
    setPosition(UNKNOWN_POSITION);
  }, []);

  const askAgain = useCallback(() => setAsked(false), []);

  return { position, fix, asked, allow, decline, askAgain };
}

import { useState } from 'react';

interface Position {
  latitude: number;
  longitude: number;
}

/**
 * "Use where I am" of the public forms that take a place (a found report, lost-pet alerts): asks the browser for the
 * visitor's position once per click. `onPosition` gets it; `onUnavailable` runs when there is none (no API, refused,
 * timed out), so the form can ask for a tap on the map instead.
 */
export function useWhereIAm(onPosition: (position: Position) => void, onUnavailable: () => void) {
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!navigator.geolocation) return onUnavailable();
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        onPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude });
      },
      () => {
        setLocating(false);
        onUnavailable();
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return { locate, locating };
}

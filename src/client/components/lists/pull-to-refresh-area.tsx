import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isPullArmed } from '#client/components/lists/pull-to-refresh';

function scrollTop(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY || document.documentElement.scrollTop;
}

/** Touch pull-to-refresh around a list: "Release to refresh..." once armed; release calls onRefresh. */
export function PullToRefreshArea({ onRefresh, children }: { onRefresh: () => void; children: ReactNode }) {
  const { t } = useTranslation('portal');
  const startY = useRef<number | null>(null);
  const [armed, setArmed] = useState(false);

  const onTouchStart = (e: TouchEvent) => {
    startY.current = scrollTop() <= 0 ? (e.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (e: TouchEvent) => {
    const y = e.touches[0]?.clientY;
    if (y !== undefined) setArmed(isPullArmed(startY.current, y, scrollTop()));
  };
  const onTouchEnd = () => {
    if (armed) onRefresh();
    startY.current = null;
    setArmed(false);
  };

  return (
    <Box onTouchStart={onTouchStart} onTouchMove={onTouchMove} onTouchEnd={onTouchEnd} onTouchCancel={onTouchEnd}>
      <Box
        aria-live="polite"
        sx={{ textAlign: 'center', minHeight: armed ? 32 : 0, overflow: 'hidden', transition: 'min-height 120ms' }}
      >
        {armed && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
            {t('releaseToRefresh')}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

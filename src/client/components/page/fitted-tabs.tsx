import { useEffect, useRef, useState } from 'react';
import { Tabs, type TabsProps } from '@mui/material';

/**
 * A tab row that scrolls, with arrows, only when its tabs do not fit; otherwise a plain row.
 *
 * MUI's scrollButtons="auto" decides from the scroller, which its own arrows narrow: once they show
 * (a page that grows a scrollbar, a narrower window for a moment) they stay although the tabs fit,
 * and the disabled start arrow keeps an empty 40 px before the first tab. Here the row measures its
 * tabs against its whole width, so the arrows come and go with the fit alone, and a disabled arrow
 * shows faded rather than as a gap.
 */
export function FittedTabs({ sx, children, ...props }: Omit<TabsProps, 'variant' | 'scrollButtons' | 'ref'>) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const root = ref.current;
    const list = root?.querySelector('[role="tablist"]');
    if (!root || !list || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      let needed = 0;
      for (const tab of list.children) needed += tab.getBoundingClientRect().width;
      // half a pixel of rounding is not an overflow
      setOverflowing(needed > root.getBoundingClientRect().width + 0.5);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    // a tab's own width changes too (a web font arrives, a count in a label)
    for (const tab of list.children) observer.observe(tab);
    measure();
    return () => observer.disconnect();
  }, [children]);

  return (
    <Tabs
      ref={ref}
      variant="scrollable"
      scrollButtons={overflowing}
      allowScrollButtonsMobile
      sx={[{ '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 } }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    >
      {children}
    </Tabs>
  );
}

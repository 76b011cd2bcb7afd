import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type SetStateAction,
} from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useTranslation } from 'react-i18next';
import { PICTURE_ZOOM_STEP } from '#shared/constants';
import { formatNumber } from '#client/components/format/numbers';
import { useBackCloses } from '#client/components/hooks/use-back-closes';
import { clampZoom, fitScale, scrollKeepingCentre, zoomAfterWheel } from '#client/components/media/zoom';
import { UserText } from '#client/components/i18n/bidi';

/** How far an arrow key moves the picture: a tenth of the view. */
const KEY_STEP = 0.1;

interface Size {
  width: number;
  height: number;
}

/**
 * A picture enlarged in a dialog (the portal's visit pictures, the public profile's record
 * pictures): wheel zoom 0.5–3 in steps of 0.1 (SPEC.md), buttons and + / − keys for the keyboard.
 * A zoomed picture is larger than its view and moves: drag it, use the arrow keys (Home/End too),
 * scroll with Shift+wheel, a trackpad or the scroll bars, or swipe on a touch screen.
 */
export function PictureViewer({
  url,
  alt,
  onClose,
}: {
  url: string;
  /** what the picture shows; "Picture" when omitted */ alt?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('common');
  const [zoom, setZoom] = useState(1);
  const title = alt?.trim() || t('picture.title');
  const zoomBy = (step: number) => setZoom((z) => clampZoom(z + step));
  useBackCloses(onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="picture-viewer-title">
      <DialogTitle id="picture-viewer-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <UserText component="div" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </UserText>
        <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
          <IconButton aria-label={t('picture.zoomOut')} onClick={() => zoomBy(-PICTURE_ZOOM_STEP)}>
            <ZoomOutIcon />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }} data-testid="picture-zoom">
            {formatNumber(zoom, i18n.language, { style: 'percent' })}
          </Typography>
          <IconButton aria-label={t('picture.zoomIn')} onClick={() => zoomBy(PICTURE_ZOOM_STEP)}>
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label={t('picture.close')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
      </DialogTitle>
      <DialogContent sx={{ p: 0, bgcolor: 'grey.900' }}>
        <PictureView url={url} alt={title} zoom={zoom} onZoom={setZoom} />
      </DialogContent>
      <Typography id="picture-viewer-hint" variant="body2" sx={{ px: 3, py: 1.5, color: 'text.secondary' }}>
        {t('picture.panHint')}
      </Typography>
    </Dialog>
  );
}

/**
 * The picture in its scrolling view, laid out at its zoomed size so that every part of it can be
 * reached. Its own component: the dialog mounts its content after its own first render (a portal),
 * and the view's effects need the view.
 */
function PictureView({
  url,
  alt,
  zoom,
  onZoom,
}: {
  url: string;
  alt: string;
  zoom: number;
  onZoom: Dispatch<SetStateAction<number>>;
}) {
  const { t } = useTranslation('common');
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<Size>({ width: 0, height: 0 });
  const viewRef = useRef<HTMLDivElement>(null);
  const shownRef = useRef<Size | null>(null);
  const drag = useRef<{ id: number; x: number; y: number; left: number; top: number } | null>(null);

  const scale = natural ? fitScale(natural, view) * zoom : 0;
  const shown = natural && view.width > 0 ? { width: natural.width * scale, height: natural.height * scale } : null;
  const movable = shown !== null && (shown.width > view.width + 0.5 || shown.height > view.height + 0.5);

  // the view's size (the dialog follows the window)
  useEffect(() => {
    const element = viewRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setView({ width: element.clientWidth, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // a zoom keeps the middle of the view on the same point of the picture
  const shownWidth = shown?.width ?? 0;
  const shownHeight = shown?.height ?? 0;
  useLayoutEffect(() => {
    const element = viewRef.current;
    const before = shownRef.current;
    shownRef.current = shownWidth > 0 ? { width: shownWidth, height: shownHeight } : null;
    if (!element || !before || shownWidth === 0) return;
    // right to left, the scroll offset counts from the right edge, as a negative number
    const sign = getComputedStyle(element).direction === 'rtl' ? -1 : 1;
    element.scrollLeft =
      sign * scrollKeepingCentre(sign * element.scrollLeft, element.clientWidth, before.width, shownWidth);
    element.scrollTop = scrollKeepingCentre(element.scrollTop, element.clientHeight, before.height, shownHeight);
  }, [shownWidth, shownHeight]);

  // The wheel zooms (SPEC.md); Shift+wheel and sideways scrolling move the picture. A listener that
  // may cancel the page's scrolling must not be passive, which React's onWheel is.
  useEffect(() => {
    const element = viewRef.current;
    if (!element) return;
    const onWheel = (e: WheelEvent) => {
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      onZoom((z) => zoomAfterWheel(z, e.deltaY));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [onZoom]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const element = e.currentTarget;
    const dx = element.clientWidth * KEY_STEP;
    const dy = element.clientHeight * KEY_STEP;
    const zoomBy = (step: number) => onZoom((z) => clampZoom(z + step));
    const moves: Record<string, () => void> = {
      ArrowLeft: () => element.scrollBy({ left: -dx }),
      ArrowRight: () => element.scrollBy({ left: dx }),
      ArrowUp: () => element.scrollBy({ top: -dy }),
      ArrowDown: () => element.scrollBy({ top: dy }),
      Home: () => element.scrollTo({ left: 0, top: 0 }),
      End: () =>
        element.scrollTo({
          left: getComputedStyle(element).direction === 'rtl' ? -element.scrollWidth : element.scrollWidth,
          top: element.scrollHeight,
        }),
      '+': () => zoomBy(PICTURE_ZOOM_STEP),
      '=': () => zoomBy(PICTURE_ZOOM_STEP),
      '-': () => zoomBy(-PICTURE_ZOOM_STEP),
      '0': () => onZoom(1),
    };
    const move = moves[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    move();
  };

  // Mouse and pen drag the picture; touch screens scroll it natively.
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!movable || e.pointerType === 'touch' || e.button !== 0) return;
    const element = e.currentTarget;
    element.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, left: element.scrollLeft, top: element.scrollTop };
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== e.pointerId) return;
    e.currentTarget.scrollLeft = start.left - (e.clientX - start.x);
    e.currentTarget.scrollTop = start.top - (e.clientY - start.y);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };

  return (
    <Box
      ref={viewRef}
      tabIndex={0}
      role="group"
      aria-label={t('picture.view')}
      aria-describedby="picture-viewer-hint"
      data-testid="picture-view"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      sx={{
        height: '70vh',
        overflow: 'auto',
        display: 'flex',
        cursor: movable ? 'grab' : 'default',
        '&:active': { cursor: movable ? 'grabbing' : 'default' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: -3 },
      }}
    >
      <Box
        component="img"
        src={url}
        alt={alt}
        draggable={false}
        onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        // auto margins centre a picture smaller than the view and keep a larger one scrollable to every edge
        sx={{
          m: 'auto',
          flexShrink: 0,
          display: 'block',
          userSelect: 'none',
          ...(shown
            ? { width: shown.width, height: shown.height, maxWidth: 'none' }
            : { maxWidth: '100%', maxHeight: '100%' }),
        }}
      />
    </Box>
  );
}

import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Box } from '@mui/material';
import { visuallyHidden } from '#client/components/page/visually-hidden';
import { HomeAnchorButton, HomeSubmitButton } from '#client/components/page/home-buttons';

describe('home buttons', () => {
  it('keep their style props (tone, sx) out of the page markup, and still apply sx', () => {
    const { container } = render(
      <>
        <HomeAnchorButton href="https://shop.example" tone="bright" sx={{ minHeight: 48 }}>
          Shop
        </HomeAnchorButton>
        <HomeSubmitButton type="submit" sx={{ minWidth: 120 }}>
          Search
        </HomeSubmitButton>
      </>,
    );
    for (const element of container.querySelectorAll('a, button')) {
      expect(element.getAttribute('sx')).toBeNull();
      expect(element.getAttribute('tone')).toBeNull();
    }
    expect(getComputedStyle(container.querySelector('a') as Element).minHeight).toBe('48px');
  });
});

describe('visuallyHidden', () => {
  it('is a 1 px box (not 100 % of its positioned ancestor: sx reads 1 as a fraction)', () => {
    const { getByText } = render(
      <Box sx={{ position: 'relative', width: 800, height: 600 }}>
        <Box component="span" sx={visuallyHidden}>
          (opens in a new tab)
        </Box>
      </Box>,
    );
    const style = getComputedStyle(getByText('(opens in a new tab)'));
    expect(style.width).toBe('1px');
    expect(style.height).toBe('1px');
    expect(style.overflow).toBe('hidden');
  });
});

import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-date-pickers/themeAugmentation';
import type { ExportedPickersCalendarHeaderProps } from '@mui/x-date-pickers/PickersCalendarHeader';
import { directionOf, type LanguageCode } from '#shared/languages';
import { fontFamilyOf } from '#client/app/fonts';

// The theme uses CSS variables (cssVariables below): ThemeProvider then takes their options too.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}

/**
 * The calendars' month heading where MUI X's "month year" (MMMM YYYY) is not the language's order, as a dayjs format:
 * Chinese reads "2026年11月", not "十一月 2026". MUI X's calendar header takes it from the theme's default props.
 */
const CALENDAR_HEADING: Partial<Record<LanguageCode, string>> = { zh: 'YYYY年M月' };

type CalendarHeaderDefaults = Partial<ExportedPickersCalendarHeaderProps>;

const themes = new Map<LanguageCode, ReturnType<typeof buildTheme>>();

/**
 * The theme of a language, made once: the server renderer renders every page with it (createTheme
 * per page was a tenth of a first render's time), and the browser switches between them.
 */
export function themeFor(language: LanguageCode) {
  let theme = themes.get(language);
  if (!theme) {
    theme = buildTheme(language);
    themes.set(language, theme);
  }
  return theme;
}

/** Tokens once; per-component overrides grouped by category. The language gives the direction and the font stack. */
function buildTheme(language: LanguageCode) {
  return createTheme({
    direction: directionOf(language),
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#00695f', light: '#439889', dark: '#003d33', contrastText: '#ffffff' },
          secondary: { main: '#b45309', light: '#f59e0b', dark: '#7c2d12', contrastText: '#ffffff' },
          error: { main: '#c62828' },
          success: { main: '#2e7d32' },
          background: { default: '#f6f8f7', paper: '#ffffff' },
          text: { primary: '#1c2622', secondary: '#4a5652' },
        },
      },
      dark: {
        palette: {
          primary: { main: '#4db6ac', contrastText: '#00201c' },
          secondary: { main: '#fbbf24', contrastText: '#1f1300' },
          error: { main: '#ef9a9a' },
          background: { default: '#0f1513', paper: '#17201d' },
        },
      },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: fontFamilyOf(language),
      h1: { fontSize: '2rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 768, lg: 1200, xl: 1536 } },
    components: {
      // inputs
      // The keyboard focus of every button kind (filled, outlined, text, icon, toggle, tab, chip,
      // switch...) is a 3 px ring in the primary colour, 2 px off the button, so it contrasts with
      // the page around a filled button too (WCAG 2.2 focus appearance); MUI's own cue is only a
      // darker fill. Buttons inside a scrolling or clipping box draw it inside their edge.
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `3px solid ${(theme.vars ?? theme).palette.primary.main}`,
              outlineOffset: 2,
            },
          }),
        },
      },
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 10 } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
      MuiSwitch: { styleOverrides: { switchBase: { '&.Mui-focusVisible': { outlineOffset: -3 } } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // A field that is both disabled and in error (Breed before a pet type is chosen, with "Breed is
      // required" under it) shows its error: MUI lets the disabled grey win over the error colour.
      MuiInputLabel: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled.Mui-error': { color: (theme.vars ?? theme).palette.error.main } }),
        },
      },
      MuiFormLabel: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled.Mui-error': { color: (theme.vars ?? theme).palette.error.main } }),
        },
      },
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-disabled.Mui-error': { color: (theme.vars ?? theme).palette.error.main } }),
        },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-disabled.Mui-error .MuiOutlinedInput-notchedOutline': {
              borderColor: (theme.vars ?? theme).palette.error.main,
            },
          }),
        },
      },
      // surfaces
      MuiCard: { styleOverrides: { root: { borderRadius: 16, boxShadow: '0 2px 12px rgba(16, 40, 34, 0.08)' } } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      // navigation
      MuiLink: { defaultProps: { underline: 'hover' } },
      // a visible focus ring on whole-card links (listings), beyond MUI's faint focus highlight
      MuiCardActionArea: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `3px solid ${(theme.vars ?? theme).palette.primary.main}`,
              outlineOffset: -3,
            },
          }),
        },
      },
      // feedback
      MuiAlert: { styleOverrides: { root: { borderRadius: 12 } } },
      // dates
      ...(CALENDAR_HEADING[language] && {
        // MUI X types a theme's header defaults as its classes and slots only; the header reads every default prop
        // (its format included: calendar-heading.test.tsx)
        MuiPickersCalendarHeader: {
          defaultProps: { format: CALENDAR_HEADING[language] } as CalendarHeaderDefaults,
        },
      }),
    },
  });
}

import { defaultTheme, type RaThemeOptions } from 'react-admin';

// react-admin's default theme with darker secondary text and links, for contrast on white (WCAG AA).
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1f4e8c' },
    secondary: { main: '#1f3a5f' },
  },
};

import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f3a68', light: '#4a6aa0', dark: '#13264a', contrastText: '#ffffff' },
    // Dark text on the gold: white on it reaches only 3.2:1, below WCAG AA's 4.5:1 for text.
    secondary: { main: '#b8862b', contrastText: '#13264a' },
    // Darker than the defaults so outlined chips and filled alerts keep 4.5:1 text contrast.
    warning: { main: '#b45309' },
    info: { main: '#01579b' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

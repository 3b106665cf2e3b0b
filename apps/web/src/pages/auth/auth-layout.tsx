import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import GavelIcon from '@mui/icons-material/Gavel';

interface AuthLayoutProps {
  heading: string;
  subheading?: ReactNode;
  children: ReactNode;
}

/** The card shared by the sign-in, sign-up and reset screens; the brand title leads to /. */
export function AuthLayout({ heading, subheading, children }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 4,
        background: 'linear-gradient(135deg, #eef2f9 0%, #dfe7f5 55%, #f7efe0 100%)',
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          aria-label="Casewise home"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}
        >
          <GavelIcon aria-hidden="true" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 700 }}>
            Casewise
          </Typography>
        </Link>
        <Typography component="h1" variant="h5" gutterBottom>
          {heading}
        </Typography>
        {subheading && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {subheading}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}

import { type Theme, useMediaQuery } from '@mui/material';

/** Phones get react-admin's SimpleList instead of a table. */
export function useSmallScreen(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
}

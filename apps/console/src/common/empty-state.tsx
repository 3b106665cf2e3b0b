import InboxIcon from '@mui/icons-material/Inbox';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** react-admin's empty-list look (large muted icon, a title, a line) with the action that fills the list. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', m: 1, mt: 6, color: 'text.secondary' }}>
      <InboxIcon sx={{ width: '9em', height: '9em', opacity: 0.5 }} aria-hidden />
      <Typography component="h2" variant="h4" sx={{ color: 'text.primary', mb: 2 }}>
        {title}
      </Typography>
      <Typography variant="body1" sx={{ mb: 2 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

/** For lists the console cannot fill itself (matters, documents): the way to the user app, where they are made. */
export const openCasewise = (
  <Button variant="contained" href="/dashboard">
    Open Casewise
  </Button>
);

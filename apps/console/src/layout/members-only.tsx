import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useLogout } from 'react-admin';

export const MEMBERS_REFUSED = "This console is for your firm's administrators.";

/** All a member sees after signing in: the refusal and a way out. No admin call is made. */
export function MembersOnly() {
  const logout = useLogout();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ maxWidth: 440 }}>
        <CardContent>
          <Typography component="h1" variant="h6" gutterBottom>
            Casewise console
          </Typography>
          <Typography>{MEMBERS_REFUSED}</Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
            <Button variant="contained" href="/">
              Open Casewise
            </Button>
            <Button onClick={() => logout()}>Sign out</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

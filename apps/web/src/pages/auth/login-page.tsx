import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { login } from '../../api/auth';
import { serverText } from '../../api/errors';
import { setToken } from '../../auth/session';
import { PasswordField } from '../../components/password-field';
import { EmailField, FormMessages } from '../../components/form-parts';
import { AuthLayout } from './auth-layout';

export default function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setError('');
    setBusy(true);
    try {
      const response = await login({ email, password });
      if (!response?.token) {
        setError('No token returned from backend.');
        return;
      }
      setToken(response.token);
      void navigate('/dashboard');
      window.location.reload();
    } catch (err) {
      setError(serverText(err) ?? 'Login failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout heading="Welcome Back" subheading="Sign in to continue to your projects.">
      <Box component="form" onSubmit={(event) => void handleSubmit(event)} aria-label="Sign in">
        <FormMessages error={error} />
        <EmailField value={email} onChange={setEmail} autoFocus />
        <PasswordField label="Password" name="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <Box sx={{ textAlign: 'right' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot Password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 2 }}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
        <Typography variant="body2" align="center">
          {"Don't have an account? "}
          <Link component={RouterLink} to="/signup">
            Sign Up
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}

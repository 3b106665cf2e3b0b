import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { resetPasswordWithOtp } from '../../api/auth';
import { detailText } from '../../api/errors';
import { NewPasswordFields } from '../../components/password-field';
import { useDelayedNavigate } from '../../components/use-delayed-navigate';
import { CodeField, EmailField, FormMessages } from '../../components/form-parts';
import { AuthLayout } from './auth-layout';

const REDIRECT_AFTER_RESET_MS = 3000;

interface ResetPasswordPageProps {
  /** The address remembered from the forgot-password step; empty when the user arrives directly. */
  email: string;
}

export default function ResetPasswordPage({ email: rememberedEmail }: ResetPasswordPageProps) {
  const navigateLater = useDelayedNavigate();
  const [email, setEmail] = useState(rememberedEmail);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setSuccess('');
    if (password !== confirmPassword) {
      setError('Passwords do not match.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const response = await resetPasswordWithOtp({ email, otp, password });
      setSuccess(response?.message || 'Password reset successful!');
      navigateLater('/login', REDIRECT_AFTER_RESET_MS);
    } catch (err) {
      setError(detailText(err) ?? 'Failed to reset password.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      heading="Reset Password"
      subheading={rememberedEmail ? <>Enter the code sent to <strong>{rememberedEmail}</strong>.</> : 'Enter the code we sent you.'}
    >
      <Box component="form" onSubmit={(event) => void handleSubmit(event)} aria-label="Reset password">
        <FormMessages error={error} success={success} />
        {!rememberedEmail && (
          <EmailField value={email} onChange={setEmail} />
        )}
        <CodeField label="OTP" value={otp} onChange={setOtp} />
        <NewPasswordFields label="New Password" name="password" value={password} onChange={setPassword} confirmation={confirmPassword} onConfirmationChange={setConfirmPassword} />
        <Alert severity="info" variant="outlined" role="note" sx={{ mt: 1 }}>
          Did not get the code? Check your spam or junk folder.
        </Alert>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 1 }}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
        <Typography variant="body2" align="center">
          <Link component={RouterLink} to="/login">
            Back to Login
          </Link>
        </Typography>
      </Box>
    </AuthLayout>
  );
}

import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { requestPasswordReset, resetPassword } from '../../api/auth';
import { serverText } from '../../api/errors';
import { NewPasswordFields } from '../../components/password-field';
import { useDelayedNavigate } from '../../components/use-delayed-navigate';
import { CodeField, EmailField, FormMessages } from '../../components/form-parts';
import { AuthLayout } from './auth-layout';

const REDIRECT_AFTER_RESET_MS = 3000;

interface ForgotPasswordPageProps {
  /** Receives the address once a code has been sent, for the alternate reset form. */
  onEmailSent?: (email: string) => void;
}

export default function ForgotPasswordPage({ onEmailSent }: ForgotPasswordPageProps) {
  const navigateLater = useDelayedNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const handleSendCode = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setError('');
    setSuccess('');
    setBusy(true);
    try {
      const response = await requestPasswordReset({ email });
      setSuccess(
        response?.message || 'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
      );
      onEmailSent?.(email);
      setStep(2);
    } catch (err) {
      setError(serverText(err) ?? 'Failed to send reset email');
    } finally {
      setBusy(false);
    }
  };

  const handleReset = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setSuccess('');
    if (newPassword !== confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const response = await resetPassword({ email, otp, new_password: newPassword });
      setSuccess(response?.message || 'Password reset successful!');
      navigateLater('/login', REDIRECT_AFTER_RESET_MS);
    } catch (err) {
      setError(serverText(err) ?? 'Failed to reset password');
    } finally {
      setBusy(false);
    }
  };

  const messages = <FormMessages error={error} success={success} />;

  const backToLogin = (
    <Typography variant="body2" align="center" sx={{ mt: 1 }}>
      <Link component={RouterLink} to="/login">
        Back to Login
      </Link>
    </Typography>
  );

  if (step === 1) {
    return (
      <AuthLayout heading="Reset Your Password" subheading="Enter your e-mail and we will send you a reset code.">
        <Box component="form" onSubmit={(event) => void handleSendCode(event)} aria-label="Request a reset code">
          {messages}
          <EmailField value={email} onChange={setEmail} autoFocus />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 1 }}>
            {busy ? 'Sending...' : 'Send Reset Code'}
          </Button>
          {backToLogin}
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      heading="Create New Password"
      subheading={
        <>
          Enter the code sent to <strong>{email}</strong> and choose a new password.
        </>
      }
    >
      <Box component="form" onSubmit={(event) => void handleReset(event)} aria-label="Create a new password">
        {messages}
        <CodeField label="Reset Code" value={otp} onChange={setOtp} />
        <NewPasswordFields label="New Password" name="newPassword" value={newPassword} onChange={setNewPassword} confirmation={confirmPassword} onConfirmationChange={setConfirmPassword} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 1 }}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
        {backToLogin}
      </Box>
    </AuthLayout>
  );
}

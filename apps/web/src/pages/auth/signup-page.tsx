import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signup, verifyOtp } from '../../api/auth';
import { failureText } from '../../api/errors';
import { NewPasswordFields } from '../../components/password-field';
import { useDelayedNavigate } from '../../components/use-delayed-navigate';
import { digitsOnly, EmailField, FormMessages } from '../../components/form-parts';
import { AuthLayout } from './auth-layout';

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_CODE_LENGTH = 4;
export const MAX_CODE_LENGTH = 6;
const REDIRECT_AFTER_VERIFY_MS = 2000;

const SIGNUP_FAILURE = {
  fallback: 'Signup failed. Please try again.',
  noResponse: 'Cannot connect to the signup endpoint. Please check your backend configuration.',
  other: 'An error occurred while processing your request.',
};

const VERIFY_FAILURE = {
  fallback: 'Verification failed. Please check your code and try again.',
  noResponse: 'Cannot connect to the server. Please make sure your backend is running.',
  other: 'An error occurred while processing your request.',
};

/** The step-1 rules, in the order the spec checks them. */
export function validateSignup(email: string, password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return 'Passwords do not match.';
  if (password.length < MIN_PASSWORD_LENGTH) return 'Password must be at least 8 characters long.';
  if (!email || !email.includes('@')) return 'Please enter a valid email address.';
  return null;
}

/** Digits only, capped at 6. The cap comes after the stripping, so a pasted 'Code: 674727' keeps its six digits. */
export function normaliseCode(raw: string): string {
  return digitsOnly(raw).slice(0, MAX_CODE_LENGTH);
}

function StepDots({ step }: { step: 1 | 2 }) {
  return (
    <Box role="img" aria-label={`Step ${step} of 2`} sx={{ display: 'flex', justifyContent: 'center', gap: 1, mb: 2 }}>
      {[1, 2].map((dot) => (
        <Box
          key={dot}
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: dot === step ? 'primary.main' : 'grey.300',
            transition: 'background-color 200ms',
          }}
        />
      ))}
    </Box>
  );
}

export default function SignupPage() {
  const navigateLater = useDelayedNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  const requestAccount = async (): Promise<boolean> => {
    setError('');
    setSuccess('');
    setBusy(true);
    try {
      const response = await signup({ email, password });
      setSuccess(response?.message || 'Account created successfully! A verification code has been sent to your email.');
      return true;
    } catch (err) {
      setError(failureText(err, SIGNUP_FAILURE));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const handleCreate = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const problem = validateSignup(email, password, confirmPassword);
    if (problem) {
      setSuccess('');
      setError(problem);
      return;
    }
    if (await requestAccount()) setStep(2);
  };

  const handleVerify = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setSuccess('');
    if (!otp || otp.length < MIN_CODE_LENGTH) {
      setError('Please enter a valid verification code.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const response = await verifyOtp({ email, otp });
      setSuccess(response?.message || 'Account verified successfully! Redirecting to login...');
      navigateLater('/login', REDIRECT_AFTER_VERIFY_MS);
    } catch (err) {
      setError(failureText(err, VERIFY_FAILURE));
    } finally {
      setBusy(false);
    }
  };

  const backToStepOne = (): void => {
    setStep(1);
    setOtp('');
    setError('');
    setSuccess('');
  };

  const messages = <FormMessages error={error} success={success} />;

  const signInLink = (
    <Typography variant="body2" align="center" sx={{ mt: 1 }}>
      <Link component={RouterLink} to="/login">
        Already have an account? Sign in
      </Link>
    </Typography>
  );

  if (step === 1) {
    return (
      <AuthLayout heading="Create Your Account" subheading="Sign up to organise your legal documents into projects.">
        <StepDots step={1} />
        <Box component="form" noValidate onSubmit={(event) => void handleCreate(event)} aria-label="Create your account">
          {messages}
          <EmailField value={email} onChange={setEmail} autoFocus />
          <NewPasswordFields label="Password" name="password" value={password} onChange={setPassword} confirmation={confirmPassword} onConfirmationChange={setConfirmPassword} />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 1 }}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
          {signInLink}
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      heading="Verify Your Email"
      subheading={
        <>
          We sent a verification code to <strong>{email}</strong>.
        </>
      }
    >
      <StepDots step={2} />
      <Box component="form" noValidate onSubmit={(event) => void handleVerify(event)} aria-label="Verify your email">
        {messages}
        <TextField
          label="Verification Code"
          id="otp"
          name="otp"
          value={otp}
          onChange={(event) => setOtp(normaliseCode(event.target.value))}
          placeholder="000000"
          autoComplete="one-time-code"
          autoFocus
          required
          fullWidth
          margin="normal"
          // A shrunk label keeps the 000000 placeholder visible, showing the code's format before typing. No
          // maxLength: the browser would cut a pasted '123 456' to '123 45' before the digits are picked out.
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" variant="body2" disabled={busy} onClick={() => void requestAccount()}>
            Resend Code
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2, mb: 1 }}>
          {busy ? 'Verifying...' : 'Verify & Complete Signup'}
        </Button>
        <Button type="button" variant="text" fullWidth onClick={backToStepOne}>
          Back to Sign Up
        </Button>
        {signInLink}
      </Box>
    </AuthLayout>
  );
}

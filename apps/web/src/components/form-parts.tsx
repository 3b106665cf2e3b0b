import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';

interface FormMessagesProps {
  error?: string;
  success?: string;
}

/** The error and success lines above a form's fields. */
export function FormMessages({ error, success }: FormMessagesProps) {
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {success && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {success}
        </Alert>
      )}
    </>
  );
}

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

export function EmailField({ value, onChange, autoFocus }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      id="email"
      name="email"
      type="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="email"
      autoFocus={autoFocus}
      required
      fullWidth
      margin="normal"
    />
  );
}

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The digits of a code as typed or pasted: '123 456' and 'Code: 674727' both keep just their digits. */
export function digitsOnly(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** The field for a password-reset code sent by e-mail, focused first. Digits only; its length is not limited. */
export function CodeField({ label, value, onChange }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      id="otp"
      name="otp"
      value={value}
      onChange={(event) => onChange(digitsOnly(event.target.value))}
      autoComplete="one-time-code"
      autoFocus
      required
      fullWidth
      margin="normal"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

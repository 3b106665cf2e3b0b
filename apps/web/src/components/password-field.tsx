import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

export function PasswordField({ label, value, onChange, name, autoComplete, autoFocus }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <TextField
      label={label}
      name={name}
      id={name}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      margin="normal"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} onClick={() => setVisible((shown) => !shown)} edge="end">
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface NewPasswordFieldsProps {
  /** 'Password' on sign-up, 'New Password' on the reset forms. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  confirmation: string;
  onConfirmationChange: (value: string) => void;
}

/** A new password and its confirmation, as every form that sets a password asks for them. */
export function NewPasswordFields({ label, name, value, onChange, confirmation, onConfirmationChange }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={label} name={name} value={value} onChange={onChange} autoComplete="new-password" />
      <PasswordField label="Confirm Password" name="confirmPassword" value={confirmation} onChange={onConfirmationChange} autoComplete="new-password" />
    </>
  );
}

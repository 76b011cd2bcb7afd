import { TextField } from '@mui/material';

interface EmailFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText: string;
}

/** The visitor's e-mail address in a public form (a found report, alerts, the relay's contact form). */
export function EmailField({ label, value, onChange, helperText }: EmailFieldProps) {
  return (
    <TextField
      type="email"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="email"
      helperText={helperText}
    />
  );
}

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup, type SxProps, type Theme } from '@mui/material';

interface Choice<T extends string | number> {
  value: T;
  label: ReactNode;
  sx?: SxProps<Theme>;
}

interface ChoiceToggleProps<T extends string | number> {
  value: T;
  onChange: (value: T) => void;
  choices: readonly Choice<T>[];
  /** the group's accessible name */
  label: string;
  size?: 'small' | 'medium' | 'large';
  sx?: SxProps<Theme>;
  /** the chosen button takes the focus when the group appears: a choice that swaps the screen it sits on */
  focusChosen?: boolean;
}

/**
 * One choice of a few, drawn as joined toggle buttons (a list's filter, List / Map): to the keyboard
 * a radio group. Tab lands on the chosen button only (a roving tabindex: "Active" when Active is the
 * filter, not the first button), the arrow keys (mirrored right to left), Home and End move the
 * choice, and the group is one stop in the tab order.
 */
export function ChoiceToggle<T extends string | number>({
  value,
  onChange,
  choices,
  label,
  size = 'small',
  sx,
  focusChosen = false,
}: ChoiceToggleProps<T>) {
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusChosen) group.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
  }, [focusChosen]);
  const choose = (index: number) => {
    const next = choices[(index + choices.length) % choices.length];
    onChange(next.value);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[choices.indexOf(next)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = e.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    if (e.key in step) choose(index + step[e.key]);
    else if (e.key === 'Home') choose(0);
    else if (e.key === 'End') choose(choices.length - 1);
    else return;
    e.preventDefault();
  };
  return (
    <ToggleButtonGroup
      ref={group}
      exclusive
      size={size}
      value={value}
      role="radiogroup"
      aria-label={label}
      sx={sx}
      onChange={(_e, v: T | null) => v !== null && onChange(v)}
    >
      {choices.map((choice, index) => {
        const checked = choice.value === value;
        return (
          <ToggleButton
            key={String(choice.value)}
            value={choice.value}
            role="radio"
            aria-checked={checked}
            aria-pressed={undefined}
            tabIndex={checked ? 0 : -1}
            onKeyDown={(e) => onKeyDown(e, index)}
            sx={choice.sx}
          >
            {choice.label}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}

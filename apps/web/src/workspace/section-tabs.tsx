import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';

export interface SectionTab<T extends string> {
  value: T;
  label: string;
  /** The element the tab shows (its id, for aria-controls). */
  panelId: string;
  /** The tab's own id, which its panel names in aria-labelledby. */
  id: string;
  disabled?: boolean;
}

interface SectionTabsProps<T extends string> {
  label: string;
  tabs: SectionTab<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * The workspace's few section tabs, as the WAI-ARIA tabs pattern has them: one tab stop, the arrow keys, Home and End
 * move the focus between the enabled tabs, Enter, Space or a click chooses one; the chosen one is underlined.
 *
 * MUI's Tabs did the same for a first screen at a price: each tab registers itself with the list from a ref, a state
 * update in the middle of React's commit, which then renders again and runs every effect of the page in that same
 * task; and it measures the tabs to place its sliding indicator. A phone felt both as one long task as the workspace
 * first showed. Two tabs need neither.
 */
export function SectionTabs<T extends string>({ label, tabs, value, onChange }: SectionTabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>): void => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const at = enabled.findIndex((tab) => buttons.current.get(tab.value) === event.target);
    if (at < 0) return;
    const next: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 };
    if (!(event.key in next)) return;
    event.preventDefault();
    const target = enabled[(next[event.key] + enabled.length) % enabled.length];
    buttons.current.get(target.value)?.focus();
  };

  return (
    <Box
      role="tablist"
      aria-label={label}
      onKeyDown={moveFocus}
      sx={{ display: 'flex', minHeight: 48, px: 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'rgba(255,255,255,0.7)' }}
    >
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            ref={(button: HTMLButtonElement | null) => {
              if (button) buttons.current.set(tab.value, button);
              else buttons.current.delete(tab.value);
            }}
            role="tab"
            id={tab.id}
            aria-controls={tab.panelId}
            aria-selected={selected}
            // One tab stop: the chosen tab; the arrow keys reach the others.
            tabIndex={selected ? 0 : -1}
            disabled={tab.disabled}
            focusRipple
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
            sx={(theme) => ({
              ...theme.typography.button,
              position: 'relative',
              minWidth: 90,
              maxWidth: 360,
              minHeight: 48,
              px: 2,
              py: 1.5,
              lineHeight: 1.25,
              color: selected ? 'primary.main' : 'text.secondary',
              '&.Mui-disabled': { color: 'text.disabled' },
              // The underline of the chosen tab, where MUI's indicator lay.
              '&::after': selected ? { content: '""', position: 'absolute', left: 0, right: 0, bottom: 0, height: 2, bgcolor: 'primary.main' } : undefined,
            })}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}

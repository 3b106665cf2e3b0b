import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { MessageText, splitTables } from './message-text';

const TABLE = ['| Clause | Risk |', '| --- | :---: |', '| 9.2 Cap | High |', '| 12 Indemnity | Medium |'].join('\n');

function renderInBubble(text: string, bubbleColor: string) {
  return render(
    <ThemeProvider theme={theme}>
      <div style={{ color: bubbleColor }} data-testid="bubble">
        <MessageText text={text} />
      </div>
    </ThemeProvider>,
  );
}

describe('splitTables', () => {
  it('cuts a GFM table out of the prose around it', () => {
    expect(splitTables(`Risks found:\n\n${TABLE}\n\nAsk me more.`)).toEqual([
      { kind: 'text', value: 'Risks found:' },
      { kind: 'table', value: TABLE },
      { kind: 'text', value: 'Ask me more.' },
    ]);
  });

  it('leaves text with pipes but no delimiter row, or a delimiter row of another width, as text', () => {
    const text = 'Payment | 30 days\nDelivery | DAP';
    expect(splitTables(text)).toEqual([{ kind: 'text', value: text }]);
    const uneven = 'a | b | c\n--- | ---\n1 | 2 | 3';
    expect(splitTables(uneven)).toEqual([{ kind: 'text', value: uneven }]);
  });

  it('keeps a message without a table exactly as it came', () => {
    const text = '\n1. The Supplier *shall* deliver.\n\n# Not a heading\n';
    expect(splitTables(text)).toEqual([{ kind: 'text', value: text }]);
  });
});

describe('MessageText', () => {
  it('renders a GFM table in a message as a table with header cells', async () => {
    renderInBubble(`Risks found:\n\n${TABLE}`, 'rgb(0, 0, 0)');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Clause', 'Risk']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Risks found:')).toBeInTheDocument();
    expect(screen.queryByText(/\| ---/)).toBeNull();
  });

  it('gives the code block its own dark text colour, so the label reads inside the white-text user bubble', () => {
    renderInBubble('Here:\n```json\n{"a": 1}\n```', 'rgb(255, 255, 255)');
    const label = screen.getByText('Code block detected (json)');
    expect(getComputedStyle(label).color).not.toBe('rgb(255, 255, 255)');
    expect(getComputedStyle(label.closest('.code-block') as HTMLElement).color).toBe(theme.palette.text.primary.replace(/,\s*/g, ', '));
  });
});

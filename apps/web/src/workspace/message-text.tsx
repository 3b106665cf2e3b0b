import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';

const SafeMarkdown = lazy(() => import('./safe-markdown'));

export type TextSegment = { kind: 'text'; value: string } | { kind: 'code'; value: string; language: string };

export type ProseSegment = { kind: 'text'; value: string } | { kind: 'table'; value: string };

const FENCE = /```([\w+-]*)[^\n]*\n?([\s\S]*?)(?:```|$)/g;

/** Splits a message into prose and fenced code; an unclosed fence runs to the end of the message. */
export function splitCode(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(FENCE)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', value: text.slice(last, start) });
    segments.push({ kind: 'code', value: match[2].replace(/\n$/, ''), language: match[1] });
    last = start + match[0].length;
    if (match[0].length === 0) break;
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) });
  return segments.filter((segment) => segment.kind === 'code' || segment.value.trim() !== '');
}

/** The cells of a table row: outer pipes are optional, an escaped pipe (\\|) stays inside its cell. */
function rowCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

const isDelimiterRow = (line: string, columns: number): boolean => {
  if (!line.includes('-')) return false;
  const cells = rowCells(line);
  return cells.length === columns && cells.every((cell) => /^:?-+:?$/.test(cell));
};

/**
 * Splits prose into plain text and GFM tables: a row with pipes, a delimiter row with as many cells, and the
 * rows with pipes that follow up to a blank line. Only tables go through the markdown renderer, so the rest
 * of a message, quotes from the documents included, is shown exactly as written.
 */
export function splitTables(text: string): ProseSegment[] {
  const lines = text.split('\n');
  const segments: ProseSegment[] = [];
  let plain: string[] = [];
  const flushPlain = (): void => {
    if (plain.join('').trim() !== '') segments.push({ kind: 'text', value: plain.join('\n') });
    plain = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const header = lines[index];
    const next = lines[index + 1];
    if (header.includes('|') && next !== undefined && isDelimiterRow(next, rowCells(header).length)) {
      let end = index + 2;
      while (end < lines.length && lines[end].trim() !== '' && lines[end].includes('|')) end++;
      flushPlain();
      segments.push({ kind: 'table', value: lines.slice(index, end).join('\n') });
      index = end - 1;
    } else {
      plain.push(header);
    }
  }
  flushPlain();
  if (!segments.some((segment) => segment.kind === 'table')) return segments;
  // The blank lines that set a table apart are the table's margin now.
  return segments.map((segment) => (segment.kind === 'text' ? { kind: 'text', value: segment.value.replace(/^(\s*\n)+|(\n\s*)+$/g, '') } : segment));
}

function PlainText({ text }: { text: string }) {
  return (
    <Typography variant="body1" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text}
    </Typography>
  );
}

function CodeBlock({ code, language }: { code: string; language: string }) {
  const [open, setOpen] = useState(false);
  return (
    // Its own text colour: inside the user's bubble the inherited one is white, which vanished on this light ground.
    <Box
      className="code-block"
      sx={{ my: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50', color: 'text.primary', overflow: 'hidden' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75 }}>
        <CodeIcon fontSize="small" color="action" aria-hidden="true" />
        <Typography variant="body2" className="code-block-label" sx={{ flexGrow: 1 }}>
          Code block detected{language ? ` (${language})` : ''}
        </Typography>
        <Link component="button" type="button" variant="body2" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          {open ? 'Hide code' : 'View code'}
        </Link>
      </Box>
      {open && (
        <Box
          component="pre"
          sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 13, bgcolor: 'grey.900', color: 'grey.100', fontFamily: 'monospace' }}
        >
          <code>{code}</code>
        </Box>
      )}
    </Box>
  );
}

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitCode(text).map((segment, index) =>
        segment.kind === 'code' ? (
          <CodeBlock key={index} code={segment.value} language={segment.language} />
        ) : (
          splitTables(segment.value).map((prose, part) =>
            prose.kind === 'table' ? (
              <Suspense key={`${index}-${part}`} fallback={<PlainText text={prose.value} />}>
                <SafeMarkdown>{prose.value}</SafeMarkdown>
              </Suspense>
            ) : (
              <PlainText key={`${index}-${part}`} text={prose.value} />
            ),
          )
        ),
      )}
    </>
  );
}

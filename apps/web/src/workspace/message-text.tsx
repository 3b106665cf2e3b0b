import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';

export type TextSegment = { kind: 'text'; value: string } | { kind: 'code'; value: string; language: string };

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

function CodeBlock({ code, language }: { code: string; language: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ my: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50', overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.75 }}>
        <CodeIcon fontSize="small" color="action" aria-hidden="true" />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
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
          <Typography key={index} variant="body1" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {segment.value}
          </Typography>
        ),
      )}
    </>
  );
}

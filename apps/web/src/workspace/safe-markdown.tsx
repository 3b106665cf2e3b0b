import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

export const ALLOWED_LINK_SCHEMES: readonly string[] = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

/**
 * Keeps a URL only if its scheme is allowed. A URL without a scheme (relative, or a fragment) is kept;
 * anything else becomes an empty string and renders as plain text.
 */
export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  const firstDelimiter = Math.min(...['/', '?', '#'].map((mark) => url.indexOf(mark)).filter((index) => index !== -1));
  if (colon === -1 || colon > firstDelimiter) return url;
  const scheme = url.slice(0, colon).toLowerCase();
  return ALLOWED_LINK_SCHEMES.includes(scheme) ? url : '';
}

const components: Components = {
  // Images are never loaded: a remote one would send whatever its address carries to that server.
  img: ({ alt }) => (alt ? <span className="markdown-image-alt">{alt}</span> : null),
  a: ({ href, children }) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  // A wide table scrolls inside its own box instead of widening the panel or the chat bubble; the box takes
  // the keyboard focus, so it can be scrolled without a mouse.
  table: ({ children }) => (
    <Box className="markdown-table" role="group" aria-label="Table" tabIndex={0} sx={{ overflowX: 'auto', my: 1.5 }}>
      <table>{children}</table>
    </Box>
  ),
};

/** GFM tables (remark-gfm) also bring strikethrough, task lists and autolinks, all still filtered by safeUrl. */
const remarkPlugins = [remarkGfm];

/*
 * Table rules drawn in the text's own colour, faded, so they read on the analysis panel's light ground and on
 * the user's dark chat bubble alike.
 */
export const MARKDOWN_TABLE_SX = {
  '& table': { borderCollapse: 'collapse', width: '100%', fontSize: '0.9rem', lineHeight: 1.5 },
  '& th, & td': {
    border: '1px solid color-mix(in srgb, currentColor 30%, transparent)',
    px: 1.25,
    py: 0.75,
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '& th': { fontWeight: 600, bgcolor: 'color-mix(in srgb, currentColor 8%, transparent)' },
} as const;

export default function SafeMarkdown({ children }: { children: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        '& h1, & h2, & h3': { fontSize: '1.1rem', mt: 2, mb: 1 },
        '& h1:first-of-type, & h2:first-of-type': { mt: 0 },
        '& p, & li': { fontSize: '0.95rem', lineHeight: 1.6 },
        '& ul, & ol': { pl: 3 },
        ...MARKDOWN_TABLE_SX,
        '& blockquote': { m: 0, pl: 1.5, borderLeft: 3, borderColor: 'secondary.main', color: 'text.secondary' },
        '& pre': { overflowX: 'auto', bgcolor: 'grey.100', p: 1, borderRadius: 1 },
      }}
    >
      <Markdown urlTransform={safeUrl} components={components} remarkPlugins={remarkPlugins}>
        {children}
      </Markdown>
    </Box>
  );
}

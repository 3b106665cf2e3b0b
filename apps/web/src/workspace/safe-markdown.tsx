import Markdown, { type Components } from 'react-markdown';
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
};

export default function SafeMarkdown({ children }: { children: string }) {
  return (
    <Box
      className="markdown-body"
      sx={{
        '& h1, & h2, & h3': { fontSize: '1.1rem', mt: 2, mb: 1 },
        '& h1:first-of-type, & h2:first-of-type': { mt: 0 },
        '& p, & li': { fontSize: '0.95rem', lineHeight: 1.6 },
        '& ul, & ol': { pl: 3 },
        '& table': { borderCollapse: 'collapse', width: '100%' },
        '& th, & td': { border: 1, borderColor: 'divider', p: 0.5, textAlign: 'left' },
        '& blockquote': { m: 0, pl: 1.5, borderLeft: 3, borderColor: 'secondary.main', color: 'text.secondary' },
        '& pre': { overflowX: 'auto', bgcolor: 'grey.100', p: 1, borderRadius: 1 },
      }}
    >
      <Markdown urlTransform={safeUrl} components={components}>
        {children}
      </Markdown>
    </Box>
  );
}

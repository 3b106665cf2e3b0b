import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import type { Citation } from '../api/types';

export const SOURCES_MAX_HEIGHT = 300;

interface SourceGroup {
  file: string;
  citations: Citation[];
}

/** One entry per document, in the order the answer first used them, with that document's cited passages. */
export function groupSources(names: readonly string[], citations: readonly Citation[]): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const name of names) if (!groups.has(name)) groups.set(name, { file: name, citations: [] });
  for (const citation of citations) {
    const group = groups.get(citation.file) ?? { file: citation.file, citations: [] };
    group.citations.push(citation);
    groups.set(citation.file, group);
  }
  return [...groups.values()];
}

export function SourcesButton({ sources, citations }: { sources: readonly string[]; citations: readonly Citation[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const groups = groupSources(sources, citations);
  if (groups.length === 0) return null;

  return (
    <>
      <Button
        size="small"
        variant="text"
        startIcon={<DescriptionOutlined fontSize="small" />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mt: 0.5, px: 1 }}
      >
        {`${groups.length} Source(s)`}
      </Button>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Referenced Documents',
            sx: { maxHeight: SOURCES_MAX_HEIGHT, maxWidth: 420, display: 'flex', flexDirection: 'column', overflow: 'hidden', p: 2 },
          },
        }}
      >
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Referenced Documents
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          These documents were used to generate the response
        </Typography>
        {/* The list scrolls under the heading; focusable so keyboard users can scroll it too. */}
        <Box component="ul" tabIndex={0} aria-label="Cited documents" sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 0, overflowY: 'auto' }}>
          {groups.map((group, index) => (
            <Box component="li" key={group.file} sx={{ py: 1 }}>
              {index > 0 && <Divider sx={{ mb: 1 }} />}
              <Typography variant="body2" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <DescriptionOutlined fontSize="inherit" aria-hidden="true" />
                {group.file}
              </Typography>
              {group.citations.map((citation, citationIndex) => (
                <Box key={`${citation.start}-${citation.end}-${citationIndex}`} sx={{ mt: 0.75, pl: 1.5 }}>
                  {citation.page !== null && citation.page !== undefined && (
                    <Typography variant="caption" color="text.secondary">
                      Page {citation.page}
                    </Typography>
                  )}
                  <Typography
                    component="blockquote"
                    variant="body2"
                    sx={{ m: 0, pl: 1, borderLeft: 3, borderColor: 'secondary.main', fontStyle: 'italic' }}
                  >
                    {citation.quote}
                  </Typography>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      </Popover>
    </>
  );
}

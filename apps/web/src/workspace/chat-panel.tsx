import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import GavelIcon from '@mui/icons-material/Gavel';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import SendIcon from '@mui/icons-material/Send';
import { askQuestion, deleteChatHistory, getChatHistory } from '../api/chat';
import { claimEarly, peekSettled, takeEarly } from '../api/early';
import { formatMessageTime } from '../time-format';
import type { ChatHistoryEntry, Citation } from '../api/types';
import { MessageText } from './message-text';
import { SourcesButton } from './sources-button';
import './workspace.css';

export const SUGGESTED_QUESTIONS = [
  'What are the key terms in this contract?',
  'Summarize the main points',
  'What are my obligations?',
  'Identify potential risks',
] as const;

export const WARNING_TOAST_MS = 5000;
export const SCROLL_BUTTON_THRESHOLD_PX = 100;

export interface ChatMessage {
  id: string;
  sender: 'user' | 'assistant';
  text: string;
  sources?: string[];
  citations?: Citation[];
  abstained?: boolean;
  time: Date;
}

function historyToMessages(history: ChatHistoryEntry[]): ChatMessage[] {
  return history.flatMap((entry, index) => {
    const parsed = entry.created_at ? new Date(entry.created_at) : null;
    const time = parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
    const id = entry._id || `history-${index}`;
    return [
      { id: `${id}-q`, sender: 'user' as const, text: entry.message, time },
      {
        id: `${id}-a`,
        sender: 'assistant' as const,
        text: entry.response,
        sources: entry.context ?? [],
        citations: entry.citations ?? [],
        time,
      },
    ];
  });
}

/**
 * Whether the browser sizes a text box to its content itself (CSS `field-sizing`, workspace.css): the message box
 * then grows from 1 to 4 lines with no script. MUI's autosizing measures it after every render instead, which makes
 * the browser lay the whole page out there and then (a tenth of a second on a phone when the workspace first shows).
 */
const SIZES_TO_CONTENT = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
/**
 * A plain text area sized by the browser (the class holds the 1 to 4 lines), or MUI's measured one. The box is an
 * outlined input of its own, without the label and helper text a TextField brings (and the select variants it
 * imports): the workspace's first screen downloads and runs less.
 */
const MESSAGE_BOX_SIZING: Pick<OutlinedInputProps, 'className' | 'minRows' | 'maxRows' | 'inputComponent' | 'inputProps'> = SIZES_TO_CONTENT
  ? { className: 'cw-message-box', inputComponent: 'textarea', inputProps: { 'aria-label': 'Message', rows: 1 } }
  : { minRows: 1, maxRows: 4, inputProps: { 'aria-label': 'Message' } };

let messageCounter = 0;
const nextMessageId = (): string => `message-${Date.now()}-${++messageCounter}`;

function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.sender === 'user';
  return (
    <Box
      component="li"
      aria-label={mine ? 'Your message' : 'Assistant message'}
      sx={{ display: 'flex', gap: 1.5, flexDirection: mine ? 'row-reverse' : 'row', alignItems: 'flex-start', mb: 2 }}
    >
      <Avatar aria-hidden="true" sx={{ width: 32, height: 32, bgcolor: mine ? 'secondary.main' : 'primary.main' }}>
        {mine ? <PersonOutlined fontSize="small" /> : <GavelIcon fontSize="small" />}
      </Avatar>
      <Paper
        elevation={0}
        sx={{
          px: 2,
          py: 1.25,
          maxWidth: { xs: '85%', md: '75%' },
          bgcolor: mine ? 'primary.main' : 'background.paper',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
        }}
      >
        {message.abstained && (
          <Chip size="small" color="warning" variant="outlined" label="Not found in the documents" sx={{ mb: 1 }} />
        )}
        <MessageText text={message.text} />
        {!mine && <SourcesButton sources={message.sources ?? []} citations={message.citations ?? []} />}
        <Typography
          component="time"
          dateTime={message.time.toISOString()}
          variant="caption"
          sx={{ display: 'block', mt: 0.5, opacity: 0.7, textAlign: mine ? 'right' : 'left' }}
        >
          {formatMessageTime(message.time)}
        </Typography>
      </Paper>
    </Box>
  );
}

interface ChatPanelProps {
  projectId: string | null;
  projectName?: string;
  hasDocuments: boolean;
  onAttach: () => void;
}

export function ChatPanel({ projectId, projectName, hasDocuments, onAttach }: ChatPanelProps) {
  // The history the page's early request has brought already, if it has: shown in the first render.
  const [early] = useState(() => {
    const history = projectId === null ? undefined : peekSettled<ChatHistoryEntry[]>(`chat:${projectId}`);
    return history === undefined ? null : { projectId, messages: historyToMessages(history) };
  });
  const [messages, setMessages] = useState<ChatMessage[]>(early?.messages ?? []);
  // Until the history has come, neither the welcome (it may not be empty) nor the delete row (it may be) is shown.
  const [historyLoaded, setHistoryLoaded] = useState(projectId === null || early !== null);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [warningOpen, setWarningOpen] = useState(false);
  const [showScrollButton, setShowScrollButton] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (early !== null && early.projectId === projectId) {
      claimEarly(`chat:${projectId}`);
      return;
    }
    setMessages([]);
    setHistoryLoaded(projectId === null);
    if (!projectId) return;
    let active = true;
    // A transition: a long history renders in slices instead of one long task.
    const show = (loaded: ChatMessage[]): void => {
      if (!active) return;
      startTransition(() => {
        setMessages(loaded);
        setHistoryLoaded(true);
      });
    };
    takeEarly(`chat:${projectId}`, () => getChatHistory(projectId))
      .then((history) => show(historyToMessages(history)))
      .catch(() => show([]));
    return () => {
      active = false;
    };
  }, [projectId, early]);

  const scrollToBottom = useCallback((behavior: ScrollBehavior = 'smooth') => {
    const box = scrollRef.current;
    if (box && typeof box.scrollTo === 'function') box.scrollTo({ top: box.scrollHeight, behavior });
  }, []);

  // In the frame the new messages first show, before it is painted (the page never shows them scrolled up), but
  // not inside the commit: the scroll height read there would make the browser lay the page out in that task too.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => scrollToBottom('auto'));
    return () => cancelAnimationFrame(frame);
  }, [messages, pending, scrollToBottom]);

  const handleScroll = (): void => {
    const box = scrollRef.current;
    if (!box) return;
    const fromBottom = box.scrollHeight - box.scrollTop - box.clientHeight;
    setShowScrollButton(fromBottom >= SCROLL_BUTTON_THRESHOLD_PX);
  };

  const send = async (text: string, fromInput: boolean): Promise<void> => {
    const question = text.trim();
    if (!question || !projectId || pending) return;
    if (!hasDocuments) {
      setWarningOpen(true);
      return;
    }
    setPending(true);
    try {
      const answer = await askQuestion(projectId, question);
      const now = new Date();
      setMessages((current) => [
        ...current,
        { id: nextMessageId(), sender: 'user', text: question, time: now },
        {
          id: nextMessageId(),
          sender: 'assistant',
          text: answer.answer,
          sources: answer.context ?? [],
          citations: answer.citations ?? [],
          abstained: answer.abstained === true,
          time: now,
        },
      ]);
      if (fromInput) setInput('');
    } catch (err) {
      console.error('The question could not be answered.', err);
    } finally {
      setPending(false);
    }
  };

  const clearHistory = async (): Promise<void> => {
    if (!projectId) return;
    try {
      await deleteChatHistory(projectId);
      setMessages([]);
    } catch {
      // The spec ignores a failed deletion; the history simply stays.
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(input, true);
    }
  };

  const disabled = !projectId;

  return (
    <Box sx={{ flex: 1, height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0, position: 'relative' }}>
      {/* Its own row above the conversation: laid over it, the button hid the first message's avatar. */}
      {messages.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 1, md: 2 }, pt: 1 }}>
          <Tooltip title="Delete chat history">
            <IconButton aria-label="Delete chat history" onClick={() => void clearHistory()} sx={{ bgcolor: 'background.paper' }}>
              <DeleteSweepOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      )}

      {/* A new box once the history is in: the delete row then appears above it without moving a box seen before. */}
      <Box
        key={historyLoaded ? 'conversation' : 'loading'}
        ref={scrollRef}
        onScroll={handleScroll}
        data-testid="chat-scroll"
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, md: 3 }, py: 2 }}
      >
        {!projectId && (
          <Box sx={{ textAlign: 'center', mt: { xs: 6, md: 12 }, px: 2 }}>
            <Typography component="h2" variant="h5" gutterBottom>
              No Project Selected
            </Typography>
            <Typography color="text.secondary">Select a project from the sidebar or create a new one to start chatting.</Typography>
          </Box>
        )}

        {projectId && historyLoaded && messages.length === 0 && !pending && (
          <Box sx={{ textAlign: 'center', mt: { xs: 4, md: 8 }, px: 2 }}>
            <Typography component="h2" variant="h5" gutterBottom>
              Welcome to Casewise AI Assistant
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Ask me anything about your legal documents or get insights about {projectName ?? 'this project'}.
            </Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
              {SUGGESTED_QUESTIONS.map((question) => (
                <Chip
                  key={question}
                  label={question}
                  variant="outlined"
                  color="primary"
                  clickable
                  onClick={() => void send(question, false)}
                />
              ))}
            </Stack>
          </Box>
        )}

        {messages.length > 0 && (
          <Box component="ol" aria-label="Conversation" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
          </Box>
        )}

        {pending && (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography color="text.secondary">Analyzing documents...</Typography>
          </Stack>
        )}
      </Box>

      {showScrollButton && (
        <Fab
          size="small"
          color="primary"
          aria-label="Scroll to bottom"
          onClick={() => scrollToBottom()}
          sx={{ position: 'absolute', right: 24, bottom: 96 }}
        >
          <KeyboardArrowDown />
        </Fab>
      )}

      <Box
        component="form"
        aria-label="Ask a question"
        onSubmit={(event) => {
          event.preventDefault();
          void send(input, true);
        }}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: { xs: 1, md: 2 }, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
      >
        <Tooltip title="Attach files">
          <span>
            <IconButton aria-label="Attach files" onClick={onAttach} disabled={disabled}>
              <AttachFile />
            </IconButton>
          </span>
        </Tooltip>
        <OutlinedInput
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={disabled ? 'Select a project to start...' : 'Type your question or request...'}
          disabled={disabled}
          multiline
          {...MESSAGE_BOX_SIZING}
          fullWidth
          size="small"
        />
        <IconButton type="submit" color="primary" aria-label="Send message" disabled={disabled || pending || input.trim() === ''}>
          <SendIcon />
        </IconButton>
      </Box>

      <Snackbar
        open={warningOpen}
        autoHideDuration={WARNING_TOAST_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setWarningOpen(false);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="warning" variant="filled" onClose={() => setWarningOpen(false)}>
          You need to add documents first
        </Alert>
      </Snackbar>
    </Box>
  );
}

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch } from '../test/fetch-mock';
import { ChatPanel, SUGGESTED_QUESTIONS } from './chat-panel';
import { splitCode } from './message-text';

const answer = {
  answer: 'The supplier must deliver within 30 days.',
  context: ['msa.pdf', 'schedule-a.txt'],
  citations: [
    { file: 'msa.pdf', page: 4, start: 120, end: 190, quote: 'Supplier shall deliver the Goods within thirty (30) days' },
    { file: 'schedule-a.txt', page: null, start: 0, end: 40, quote: 'Delivery terms: DAP, Buyer premises' },
  ],
};

function renderChat(props: Partial<Parameters<typeof ChatPanel>[0]> = {}) {
  const onAttach = vi.fn();
  render(<ChatPanel projectId="p1" projectName="Supply dispute" hasDocuments onAttach={onAttach} {...props} />);
  return { onAttach };
}

describe('ChatPanel', () => {
  it('shows "No Project Selected" and the disabled placeholder without a project', () => {
    renderChat({ projectId: null });
    expect(screen.getByRole('heading', { name: 'No Project Selected' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', 'Select a project to start...');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  });

  it('offers the four suggested questions and sends one as a question', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
      'POST /api/projects/p1/qa/': () => json(200, answer),
    });
    renderChat();
    expect(await screen.findByText(/get insights about Supply dispute/)).toBeInTheDocument();
    for (const question of SUGGESTED_QUESTIONS) expect(screen.getByRole('button', { name: question })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Identify potential risks' }));
    expect(await screen.findByText(answer.answer)).toBeInTheDocument();
    expect(api.calls('POST /api/projects/p1/qa/')[0].json).toEqual({ question: 'Identify potential risks' });
  });

  it('blocks the question and shows the warning toast for 5 seconds when the project has no documents', async () => {
    const api = mockFetch({ 'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }) });
    renderChat({ hasDocuments: false });
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'What is the notice period?' } });
    vi.useFakeTimers();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent('You need to add documents first');
    expect(api.calls('POST /api/projects/p1/qa/')).toHaveLength(0);
    await act(async () => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toHaveTextContent('You need to add documents first');
    await act(async () => vi.advanceTimersByTime(200));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('You need to add documents first')).not.toBeInTheDocument();
  });

  it('sends the trimmed text on Enter, shows "Analyzing documents..." and then both messages with time stamps', async () => {
    const user = userEvent.setup();
    const reply = deferred();
    const api = mockFetch({
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
      'POST /api/projects/p1/qa/': () => reply.promise,
    });
    renderChat();
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toHaveAttribute('placeholder', 'Type your question or request...');
    await user.type(input, '  When is delivery due?  {Enter}');
    expect(await screen.findByText('Analyzing documents...')).toBeInTheDocument();
    expect(api.calls('POST /api/projects/p1/qa/')[0].json).toEqual({ question: 'When is delivery due?' });
    expect(screen.queryByRole('list', { name: 'Conversation' })).not.toBeInTheDocument();

    await act(async () => reply.resolve(json(200, answer)));
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('When is delivery due?')).toBeInTheDocument();
    expect(within(conversation).getByText(answer.answer)).toBeInTheDocument();
    expect(conversation.querySelectorAll('time')).toHaveLength(2);
    expect(input).toHaveValue('');
  });

  it('adds a new line on Shift+Enter instead of sending', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }) });
    renderChat();
    const input = screen.getByRole('textbox', { name: 'Message' });
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');
    expect(api.calls('POST /api/projects/p1/qa/')).toHaveLength(0);
  });

  it('appends nothing and only logs when the question fails', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }),
      'POST /api/projects/p1/qa/': () => json(500, { statusCode: 500, detail: 'boom', error: 'boom' }),
    });
    renderChat();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Anything?{Enter}');
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.queryByRole('list', { name: 'Conversation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens "Referenced Documents" from the "N Source(s)" button with each citation', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/projects/p1/chat_history/': () =>
        json(200, { history: [{ _id: 'h1', message: 'When?', response: 'Within 30 days.', context: answer.context, citations: answer.citations }] }),
    });
    renderChat();
    await user.click(await screen.findByRole('button', { name: '2 Source(s)' }));
    const popover = screen.getByRole('dialog', { name: 'Referenced Documents' });
    expect(within(popover).getByText('These documents were used to generate the response')).toBeInTheDocument();
    expect(within(popover).getByText('msa.pdf')).toBeInTheDocument();
    expect(within(popover).getByText('Page 4')).toBeInTheDocument();
    expect(within(popover).getByText(answer.citations[0].quote)).toBeInTheDocument();
    expect(within(popover).getByText(answer.citations[1].quote)).toBeInTheDocument();
  });

  it('deletes the chat history and hides the delete button afterwards', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/projects/p1/chat_history/': () => json(200, { history: [{ _id: 'h1', message: 'When?', response: 'Soon.' }] }),
      'DELETE /api/projects/p1/chat_history/': () => json(200, {}),
    });
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Delete chat history' }));
    await waitFor(() => expect(screen.queryByText('Soon.')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/projects/p1/chat_history/')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Delete chat history' })).not.toBeInTheDocument();
  });

  it('starts with an empty chat when the history cannot be loaded', async () => {
    mockFetch({ 'GET /api/projects/p1/chat_history/': () => json(500, {}) });
    renderChat();
    expect(await screen.findByRole('button', { name: 'Summarize the main points' })).toBeInTheDocument();
  });

  it('collapses code behind "Code block detected" until "View code" is pressed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/projects/p1/chat_history/': () =>
        json(200, { history: [{ _id: 'h1', message: 'Show it', response: 'Here:\n```json\n{"a": 1}\n```\nDone.' }] }),
    });
    renderChat();
    expect(await screen.findByText(/Code block detected/)).toBeInTheDocument();
    expect(screen.queryByText('{"a": 1}')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View code' }));
    expect(screen.getByText('{"a": 1}')).toBeInTheDocument();
  });

  it('shows the scroll-to-bottom button from 100 px above the bottom', async () => {
    mockFetch({ 'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }) });
    renderChat();
    const box = screen.getByTestId('chat-scroll');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, value: 400 });
    box.scrollTop = 501;
    fireEvent.scroll(box);
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).not.toBeInTheDocument();
    box.scrollTop = 500;
    fireEvent.scroll(box);
    expect(screen.getByRole('button', { name: 'Scroll to bottom' })).toBeInTheDocument();
  });

  it('opens the document manager from the attach button', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/projects/p1/chat_history/': () => json(200, { history: [] }) });
    const { onAttach } = renderChat();
    await user.click(screen.getByRole('button', { name: 'Attach files' }));
    expect(onAttach).toHaveBeenCalled();
  });
});

describe('splitCode', () => {
  it('separates fenced code from prose, including an unclosed fence', () => {
    expect(splitCode('Intro\n```ts\nconst a = 1;\n```\nOutro')).toEqual([
      { kind: 'text', value: 'Intro\n' },
      { kind: 'code', value: 'const a = 1;', language: 'ts' },
      { kind: 'text', value: '\nOutro' },
    ]);
    expect(splitCode('Start\n```\nopen code')).toEqual([
      { kind: 'text', value: 'Start\n' },
      { kind: 'code', value: 'open code', language: '' },
    ]);
    expect(splitCode('No code here.')).toEqual([{ kind: 'text', value: 'No code here.' }]);
  });
});

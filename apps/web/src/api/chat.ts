import { requestJson } from './http';
import type { ChatHistoryEntry, QaResponse } from './types';

const projectPath = (projectId: string): string => `/api/projects/${encodeURIComponent(projectId)}`;

export async function getChatHistory(projectId: string): Promise<ChatHistoryEntry[]> {
  const data = await requestJson<{ history?: unknown } | undefined>('GET', `${projectPath(projectId)}/chat_history/`);
  return Array.isArray(data?.history) ? (data.history as ChatHistoryEntry[]) : [];
}

export async function deleteChatHistory(projectId: string): Promise<void> {
  await requestJson<unknown>('DELETE', `${projectPath(projectId)}/chat_history/`);
}

export function askQuestion(projectId: string, question: string): Promise<QaResponse> {
  return requestJson<QaResponse>('POST', `${projectPath(projectId)}/qa/`, { question });
}

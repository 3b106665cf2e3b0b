import { api, required, settle } from './http';
import type { ChatHistoryEntry, QaResponse } from './types';

const inProject = (projectId: string) => ({ params: { path: { id: projectId } } });

export async function getChatHistory(projectId: string): Promise<ChatHistoryEntry[]> {
  const data: { history?: unknown } | undefined = await settle(api.GET('/api/projects/{id}/chat_history/', inProject(projectId)));
  return Array.isArray(data?.history) ? (data.history as ChatHistoryEntry[]) : [];
}

export async function deleteChatHistory(projectId: string): Promise<void> {
  await settle(api.DELETE('/api/projects/{id}/chat_history/', inProject(projectId)));
}

export async function askQuestion(projectId: string, question: string): Promise<QaResponse> {
  return required(await settle(api.POST('/api/projects/{id}/qa/', { ...inProject(projectId), body: { question } })));
}

export interface MessageResponse {
  message?: string;
  detail?: string;
}

export interface LoginResponse {
  token?: string;
}

export type ProjectRole = 'owner' | 'editor' | 'viewer';

export interface Project {
  id: string;
  name: string;
  description?: string;
  /** The signed-in person's role on the project; owner when the server does not say. */
  role: ProjectRole;
}

export interface Citation {
  file: string;
  page: number | null;
  start: number;
  end: number;
  quote: string;
}

export interface QaResponse {
  answer: string;
  context?: string[];
  citations?: Citation[];
  abstained?: boolean;
}

export interface ChatHistoryEntry {
  _id: string;
  message: string;
  response: string;
  context?: string[];
  citations?: Citation[];
  created_at?: string;
}

export type DocumentStatus = 'queued' | 'processing' | 'ready' | 'failed';

export interface ProjectDocument {
  id: string;
  filename: string;
  status: DocumentStatus;
  error: string | null;
  size?: number;
  pages?: number | null;
  created_at?: string;
}

export interface CaseSummaryResponse {
  summary: string;
}

export interface LiabilityResponse {
  status: string;
  analysis?: string;
  message?: string;
}

export type ReportKind = 'case-summary' | 'liability-analysis';
export type ReportFormat = 'pdf' | 'docx';

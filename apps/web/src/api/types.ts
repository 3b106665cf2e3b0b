import type { operations, Schemas } from '@casewise/api-client';

/*
 * The web app's names for the API's shapes, all derived from the generated client (libs/api-client, from
 * openapi.yaml), so a change to the contract breaks the web app's compilation. Where the app reads an
 * answer leniently, it keeps a subset of the generated fields and loosens only what it defaults itself.
 */

/** The answers of the account calls; the app shows its own text when the server sends none. */
export type MessageResponse = Partial<Schemas['MessageResponseDto']>;

export type LoginResponse = Schemas['LoginResponseDto'];

type ProjectDto = Schemas['ProjectResponseDto'];

export type ProjectRole = ProjectDto['role'];

/** A project as the sidebar needs it; parsed leniently, with the role defaulted to owner when the server does not say. */
export type Project = Pick<ProjectDto, 'id' | 'name' | 'role'> & Partial<Pick<ProjectDto, 'description'>>;

export type Citation = Schemas['CitationDto'];

export type QaResponse = Schemas['AnswerResponseDto'];

export type ChatHistoryEntry = Schemas['ChatHistoryEntryDto'];

type DocumentDto = Schemas['DocumentDto'];

export type DocumentStatus = DocumentDto['status'];

/** A document as the document manager needs it; entries without a known status are dropped when listed. */
export type ProjectDocument = Pick<DocumentDto, 'id' | 'filename' | 'status' | 'error'> & Partial<Pick<DocumentDto, 'size' | 'pages' | 'created_at'>>;

export type CaseSummaryResponse = Schemas['CaseSummaryResponseDto'];

export type LiabilityResponse = Schemas['LiabilityAnalysisResponseDto'];

/** The two reports the analysis panel offers (the API has one download path for each). */
export type ReportKind = 'case-summary' | 'liability-analysis';

export type ReportFormat = NonNullable<operations['downloadCaseSummary']['parameters']['query']['format']>;

import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { AnalysisPanelProps } from './analysis-panel';
import type { ApiKeysDialogProps } from './api-keys-dialog';
import type { CreateProjectDialogProps } from './create-project-dialog';
import type { DocumentManagerDialogProps } from './document-manager-dialog';
import type { ShareDialogProps } from './share-dialog';

/**
 * The parts of the workspace its first screen does not show (its dialogs and the Analysis panel), each a chunk of its
 * own: a first visit downloads and runs only what it shows, and these chunks are fetched once the page has loaded,
 * so that opening one is as quick as before.
 */
const loaders = {
  analysis: () => import('./analysis-panel'),
  apiKeys: () => import('./api-keys-dialog'),
  createProject: () => import('./create-project-dialog'),
  documents: () => import('./document-manager-dialog'),
  share: () => import('./share-dialog'),
};

/** How long after the page's load the chunks are fetched: the first screen's own requests and work come first. */
export const PREFETCH_DELAY_MS = 1500;

function later<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): ComponentType<P> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}

export const AnalysisPanel = later<AnalysisPanelProps>(loaders.analysis, 'AnalysisPanel');
export const ApiKeysDialog = later<ApiKeysDialogProps>(loaders.apiKeys, 'ApiKeysDialog');
export const CreateProjectDialog = later<CreateProjectDialogProps>(loaders.createProject, 'CreateProjectDialog');
export const DocumentManagerDialog = later<DocumentManagerDialogProps>(loaders.documents, 'DocumentManagerDialog');
export const ShareDialog = later<ShareDialogProps>(loaders.share, 'ShareDialog');

/**
 * Fetches every later part once the page has loaded (and PREFETCH_DELAY_MS more). A fetch that fails says nothing
 * here: the part's own load, when it is opened, is what reports it.
 */
export function usePrefetchedParts(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = (): void => {
      timer = setTimeout(() => Object.values(loaders).forEach((load) => void load().catch(() => undefined)), PREFETCH_DELAY_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
}

/** True from the first time `value` is: a part is made when first opened and kept, so that it closes as it opens. */
export function useOpenedOnce(value: boolean): boolean {
  const [opened, setOpened] = useState(value);
  if (value && !opened) setOpened(true);
  return opened || value;
}

/** A later part, shown once its chunk has arrived (nothing in its place before). */
export function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/http';
import { claimEarly, peekSettled, takeEarly } from '../api/early';
import { INVALID_PROJECTS_DATA, listProjects } from '../api/projects';
import { serverText } from '../api/errors';
import type { Project } from '../api/types';

const NO_PROJECTS: Project[] = [];

export type ProjectsState =
  | { status: 'loading' }
  | { status: 'loaded'; projects: Project[] }
  | { status: 'error'; message: string };

export function projectsLoadError(err: unknown): string {
  if (err instanceof ApiError && err.message === INVALID_PROJECTS_DATA) return INVALID_PROJECTS_DATA;
  return serverText(err) ?? 'Failed to fetch projects.';
}

export function useProjects(): {
  state: ProjectsState;
  projects: Project[];
  add: (project: Project) => void;
  remove: (projectId: string) => void;
} {
  // The list the page's early request has brought already, if it has: the workspace renders with it at once.
  const [state, setState] = useState<ProjectsState>(() => {
    const projects = peekSettled<Project[]>('projects');
    return projects === undefined ? { status: 'loading' } : { status: 'loaded', projects };
  });
  const loadedAtStart = useRef(state.status === 'loaded');

  useEffect(() => {
    if (loadedAtStart.current) {
      claimEarly('projects');
      return;
    }
    let active = true;
    takeEarly('projects', listProjects)
      // As transitions: the whole workspace renders on this, in slices a slow phone can answer taps between.
      .then((projects) => {
        if (active) startTransition(() => setState({ status: 'loaded', projects }));
      })
      .catch((err: unknown) => {
        if (active) startTransition(() => setState({ status: 'error', message: projectsLoadError(err) }));
      });
    return () => {
      active = false;
    };
  }, []);

  /** A new project goes first: the server lists projects newest first, so that is where a reload shows it. */
  const add = useCallback((project: Project) => {
    setState((current) => ({
      status: 'loaded',
      projects: [project, ...(current.status === 'loaded' ? current.projects.filter((known) => known.id !== project.id) : [])],
    }));
  }, []);

  const remove = useCallback((projectId: string) => {
    setState((current) =>
      current.status === 'loaded'
        ? { status: 'loaded', projects: current.projects.filter((project) => project.id !== projectId) }
        : current,
    );
  }, []);

  return { state, projects: state.status === 'loaded' ? state.projects : NO_PROJECTS, add, remove };
}

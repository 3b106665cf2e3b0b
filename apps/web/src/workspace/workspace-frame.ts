// The workspace's page holds its top bar before any script has run: the bar as it first shows (src/workspace/
// workspace-top-bar.tsx in its loading state), rendered at build time (scripts/prerender.mjs) into an element of its
// own beside #root, laid over the page where the workspace draws its bar. Kept small: the app's entry imports it.

export const WORKSPACE_FRAME_ID = 'workspace-frame';

/** Takes the build-time bar off the page: the workspace's own bar has taken its place, or another page is shown. */
export function removeWorkspaceFrame(): void {
  document.getElementById(WORKSPACE_FRAME_ID)?.remove();
}

import { type ComponentType, lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { endSession } from './api/auth';
import { setUnauthorizedHandler } from './api/http';
import { clearToken, getToken, isLoggedIn, subscribeToSession } from './auth/session';
import { PageLoader } from './components/page-loader';

/**
 * A screen in a chunk of its own: shown behind the loader until its chunk has come, unless the chunk came before the
 * screen was first shown (`preload`): then it is in the app's first render, with no loader to swap out (React holds
 * back the swap from a loader to what it waited for by up to 300 ms, so that a loader never just flashes).
 */
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): { Page: ComponentType<P>; preload: () => Promise<void> } {
  let loaded: ComponentType<P> | null = null;
  const remember = (module: { default: ComponentType<P> }): { default: ComponentType<P> } => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember)) as unknown as ComponentType<P>;
  function Page(props: P): ReactElement {
    // Chosen once per mount: a screen first shown lazily stays so when its chunk comes, instead of mounting again.
    const [Shown] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return {
    Page,
    preload: async () => {
      remember(await load());
    },
  };
}

const landing = lazyPage(() => import('./pages/landing/landing-page'));
const login = lazyPage(() => import('./pages/auth/login-page'));
const signup = lazyPage(() => import('./pages/auth/signup-page'));
const forgotPassword = lazyPage(() => import('./pages/auth/forgot-password-page'));
const resetPassword = lazyPage(() => import('./pages/auth/reset-password-page'));
const dashboard = lazyPage(() => import('./pages/dashboard/dashboard-page'));
const workspace = lazyPage(() => import('./workspace/workspace-page'));
const LandingPage = landing.Page;
const LoginPage = login.Page;
const SignupPage = signup.Page;
const ForgotPasswordPage = forgotPassword.Page;
const ResetPasswordPage = resetPassword.Page;
const DashboardPage = dashboard.Page;
const WorkspacePage = workspace.Page;

const PAGES_BY_PATH: readonly [string, { preload: () => Promise<void> }][] = [
  ['/', landing],
  ['/login', login],
  ['/signup', signup],
  ['/forgot-password', forgotPassword],
  ['/reset-password', resetPassword],
  ['/dashboard', dashboard],
  ['/projects', workspace],
  ['/project/:projectId', workspace],
];

/**
 * Loads the chunk of the screen at `pathname` (a path the routes below give a screen of its own), so that the app's
 * first render can show it. A chunk that fails to load is left to the screen's own lazy load, which reports it.
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const found = PAGES_BY_PATH.find(([pattern]) => matchPath(pattern, pathname) !== null);
  await found?.[1].preload().catch(() => undefined);
}

const RESET_EMAIL_KEY = 'resetEmail';

const signedOut = (): boolean => false;

function readResetEmail(): string {
  try {
    return window.sessionStorage.getItem(RESET_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function AppRoutes() {
  const navigate = useNavigate();
  // Subscribing to the location makes every navigation re-read the login state below.
  useLocation();
  // A page rendered at build time (and hydrated from it) is rendered signed out; the session is read right after.
  const loggedIn = useSyncExternalStore(subscribeToSession, isLoggedIn, signedOut);
  const [resetEmail, setResetEmail] = useState(readResetEmail);

  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/login', { replace: true }));
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  const logout = useCallback(() => {
    // The token is read before it is cleared; the request goes on in the background.
    const token = getToken();
    if (token) void endSession(token);
    clearToken();
    void navigate('/login', { replace: true });
  }, [navigate]);

  const rememberResetEmail = useCallback((email: string) => {
    setResetEmail(email);
    try {
      window.sessionStorage.setItem(RESET_EMAIL_KEY, email);
    } catch {
      // Without session storage the e-mail is still kept in memory for this visit.
    }
  }, []);

  const anonymousOnly = (page: ReactElement): ReactElement => (loggedIn ? <Navigate to="/dashboard" replace /> : page);
  const authenticatedOnly = (page: ReactElement): ReactElement => (loggedIn ? page : <Navigate to="/login" replace />);

  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={anonymousOnly(<LoginPage />)} />
        <Route path="/signup" element={anonymousOnly(<SignupPage />)} />
        <Route path="/forgot-password" element={anonymousOnly(<ForgotPasswordPage onEmailSent={rememberResetEmail} />)} />
        <Route path="/reset-password" element={anonymousOnly(<ResetPasswordPage email={resetEmail} />)} />
        <Route path="/dashboard" element={authenticatedOnly(<DashboardPage />)} />
        {/* One layout route for both workspace paths keeps the workspace mounted when the selection changes. */}
        <Route element={authenticatedOnly(<WorkspacePage onLogout={logout} />)}>
          <Route path="/projects" element={null} />
          <Route path="/project/:projectId" element={null} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}

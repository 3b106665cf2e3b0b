import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { endSession } from './api/auth';
import { setUnauthorizedHandler } from './api/http';
import { clearToken, getToken, isLoggedIn, subscribeToSession } from './auth/session';
import { PageLoader } from './components/page-loader';

const LandingPage = lazy(() => import('./pages/landing/landing-page'));
const LoginPage = lazy(() => import('./pages/auth/login-page'));
const SignupPage = lazy(() => import('./pages/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('./pages/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./pages/auth/reset-password-page'));
const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'));
const WorkspacePage = lazy(() => import('./workspace/workspace-page'));

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

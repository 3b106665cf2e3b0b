import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every quoted UI text of the product spec's sections 2 (screens), 5 (validation) and 8 (errors). */
const QUOTED_TEXTS: readonly string[] = [
  '1 file',
  'AI Assistant',
  'AI-Powered',
  'Account created successfully! A verification code has been sent to your email.',
  'Account verified successfully! Redirecting to login...',
  'Add Documents',
  'Already have an account? Sign in',
  'An error occurred while processing your request.',
  'Analysis',
  'Analyzing documents...',
  'Back to Login',
  'Back to Sign Up',
  'Cannot connect to the server. Please make sure your backend is running.',
  'Cannot connect to the signup endpoint. Please check your backend configuration.',
  'Case Summary',
  'Chat with AI',
  'Chat',
  'Code block detected',
  'Create Account',
  'Create New Password',
  'Create New Project',
  'Create Your Account',
  'Create Your First Project',
  'Create new project',
  'Creating Account...',
  'Delete project',
  'Delete this project and all its files?',
  'Documents Added',
  'Download PDF',
  'E.g. Legal Document Analysis',
  'Failed to create project',
  'Failed to delete document',
  'Failed to delete project',
  'Failed to download PDF.',
  'Failed to fetch documents',
  'Failed to fetch projects.',
  'Failed to generate case summary.',
  'Failed to generate liability analysis. Please try again.',
  'Failed to generate liability analysis.',
  'Failed to reset password',
  'Failed to reset password.',
  'Failed to send reset email',
  'Failed to upload some files:',
  'Forgot Password?',
  'Generate Case Summary',
  'Generate Liability Analysis',
  'Get Started',
  'Get started by creating your first project',
  'Identify potential risks',
  'Invalid projects data from server.',
  'Liability Analysis',
  'Loading documents...',
  'Login failed.',
  'Logout',
  'Manage Documents',
  'Next Step',
  'No Project Selected',
  'No documents added to this project yet',
  'No projects yet. Create your first project to get started.',
  'No token returned from backend.',
  'OTP sent to your email. Please check your inbox (and spam folder) for the reset code.',
  'Password must be at least 8 characters long.',
  'Password reset successful!',
  "'Passwords do not match'",
  "'Passwords do not match.'",
  'Please enter a valid email address.',
  'Please enter a valid verification code.',
  'Processing your documents...',
  'Project name is required',
  'Project name',
  'Projects',
  'Referenced Documents',
  'Resend Code',
  'Reset Password',
  'Reset Your Password',
  'Resetting...',
  'Select a project to start...',
  'Send Reset Code',
  'Sending...',
  'Sign In',
  'Sign Up',
  'Signing in...',
  'Signup failed. Please try again.',
  'Start Chat',
  'Summarize the main points',
  'These documents were used to generate the response',
  'Type your question or request...',
  'Unknown error occurred',
  'Upload Documents',
  'Upload and manage documents for your project. We support PDF, DOCX, and TXT files.',
  'Upload',
  'Uploading...',
  'Verification failed. Please check your code and try again.',
  'Verify & Complete Signup',
  'Verify Your Email',
  'Verifying...',
  'View Demo',
  'View code',
  'Welcome Back',
  'What are my obligations?',
  'What are the key terms in this contract?',
  'You need to add documents first',
];

/** Texts the spec names without quotes (labels, buttons, headings, cards). */
const NAMED_TEXTS: readonly string[] = [
  'Get Started Today',
  'Watch Demo',
  'Features',
  'Pricing',
  'About',
  'Contact',
  'Product',
  'Company',
  'Resources',
  'Legal',
  'Login',
  'Email',
  'Password',
  'Confirm Password',
  'Verification Code',
  'placeholder="000000"',
  'Reset Code',
  'New Password',
  'OTP',
  'Create a Project',
  'Get Analysis',
  'Ask Questions',
  'Create Project',
  'Document Analysis',
  'Liability Assessment',
  'Smart Chat',
  'Detailed Insights',
  'Cancel',
  'Create project',
  'accept="*"',
  'localStorage.getItem(TOKEN_KEY)',
  "const TOKEN_KEY = 'token'",
];

/** Spec templates and the source expression that produces each. */
const TEMPLATES: ReadonlyArray<readonly [string, string]> = [
  ['N Source(s)', '`${groups.length} Source(s)`'],
  ["'1 file' or 'N files'", "count === 1 ? '1 file' : `${count} files`"],
  ['Welcome to {project name}', '`Welcome to ${projectName}`'],
  ['Delete document "{file name}"?', '`Delete document "${filename}"?`'],
  ['{file name}: {message}', '`${file.name}: ${uploadFailureMessage(err)}`'],
  ['count/200', '`${description.length}/${DESCRIPTION_MAX_LENGTH}`'],
  ['case_summary_{id}.pdf', "kind === 'case-summary' ? 'case_summary' : 'liability_analysis'"],
  ['{stem}_{id}.{format}', '`${stem}_${projectId}.${format}`'],
];

const sourceRoot = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const corpus = sourceFiles(sourceRoot)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe('spec texts', () => {
  it('reads the application sources', () => {
    expect(corpus.length).toBeGreaterThan(10_000);
  });

  it.each(QUOTED_TEXTS)('contains the quoted text %s verbatim', (text) => {
    expect(corpus).toContain(text);
  });

  it.each(NAMED_TEXTS)('contains the named text %s', (text) => {
    expect(corpus).toContain(text);
  });

  it.each(TEMPLATES)('builds the template %s from %s', (_template, expression) => {
    expect(corpus).toContain(expression);
  });
});

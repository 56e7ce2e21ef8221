/** Texts the spec quotes and both sides need; kept here so server and web cannot drift apart. */
export const GUARD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  accessDenied: 'Access denied. Please log in with proper credentials.',
  pleaseLogIn: 'Please log in to continue.',
  /** Beyond the spec: a signed-in user sent to Home from a page their role or flags do not open. */
  noPermission: 'You do not have permission to open that page. Ask an administrator if you need it.',
} as const;

export const LOGIN_MESSAGES = {
  failed: 'Login failed. Please check your credentials.',
  retry: 'Login failed. Please try again.',
  inactive: 'Your account is not active. Please contact an administrator.',
} as const;

export const SESSION_ENDED_MESSAGES = {
  usernameChanged: 'Your username has been changed. Please log in again.',
  passwordChanged: 'Your password has been changed. Please log in again.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
} as const;

export const COOKIE_NAMES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  username: 'username',
} as const;

/** The client keeps the username in storage under this request-header-like key (docs/behaviour/accounts-and-sign-in.md#sign-in). */
export const USERNAME_STORAGE_KEY = 'X-Username';

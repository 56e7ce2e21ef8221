/** The job queue that sends password reset e-mails (jobs/password-reset-jobs.ts works it). */
export const PASSWORD_RESET_MAIL_QUEUE = 'password-reset-mail';

export interface PasswordResetMailJobData {
  username: string;
}

/**
 * The queue runs one job per key at a time (policy 'singleton'): two requests for one account send their
 * links in the order they were made, so the last e-mail holds the valid link; other accounts run in parallel.
 */
export function passwordResetSingletonKey(username: string): string {
  return `account:${username.toLowerCase()}`;
}

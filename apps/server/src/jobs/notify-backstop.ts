/**
 * How often a worker on a queue created with `notify: true` looks for jobs while NOTIFY wakes it: a backstop
 * for a job whose time comes later (a retry's delay) or a notification lost while the listener reconnected.
 * Without a listener (it could not be set up) the worker polls at its own `pollingIntervalSeconds`.
 */
export const NOTIFY_BACKSTOP_SECONDS = 5;

import { randomUUID } from 'node:crypto';
import os from 'node:os';

/** Names this process in lease rows, so an operator can tell which instance holds a mailbox. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

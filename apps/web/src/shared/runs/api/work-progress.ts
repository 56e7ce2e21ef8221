/**
 * Progress of long work (docs/behaviour/runs-and-history.md#progress): the request that starts it carries a
 * fresh key in PROGRESS_HEADER, and GET /api/progress/{key} is asked every POLL_MS until the work answers.
 */
import { PROGRESS_HEADER, progressPath, type WorkProgress } from '@app/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

const POLL_MS = 250;

/** 32 hex characters; crypto.randomUUID is missing on plain http away from localhost. */
function newProgressKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function progressHeaders(key: string): Record<string, string> {
  return { [PROGRESS_HEADER]: key };
}

/**
 * `begin()` before sending the work's request (its key goes in progressHeaders), `end()` when it answers.
 * `progress` is null until the server has counted something, and stays null when it cannot say (another
 * server instance, an older server): the screen then shows only that the work is running.
 */
export function useWorkProgress() {
  const [key, setKey] = useState<string | null>(null);
  const [progress, setProgress] = useState<WorkProgress | null>(null);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await api.get<WorkProgress>(progressPath(key), controller.signal);
        if (!controller.signal.aborted) setProgress(answer);
      } catch {
        // Not started yet (404) or not answerable: the next ask may tell.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void ask(), POLL_MS);
    };
    timer = setTimeout(() => void ask(), POLL_MS / 2);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key]);

  return {
    progress: key === null ? null : progress,
    begin: (): string => {
      const next = newProgressKey();
      setProgress(null);
      setKey(next);
      return next;
    },
    end: () => setKey(null),
  };
}

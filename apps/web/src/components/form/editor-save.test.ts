import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  type EditorSaveOptions,
  openOrRefill,
  readSaveAnswer,
  runEditorSave,
  type SaveReport,
  serverMessage,
} from './editor-save';

interface Saved {
  id: number;
  name: string;
}

/** Records what a save reported, in order. */
function recorder() {
  const events: string[] = [];
  const report: SaveReport = {
    begin: () => events.push('begin'),
    fail: (message) => events.push(`fail:${message}`),
    succeed: (message) => events.push(`succeed:${message}`),
  };
  return { events, report };
}

function options(save: () => Promise<unknown>, onSaved = vi.fn()): EditorSaveOptions<{ id: number }, Saved> {
  return {
    save,
    logLabel: 'Error saving thing:',
    failureMessage: (error) => serverMessage(error) ?? 'Save failed',
    unexpectedMessage: 'Unexpected answer',
    savedMessage: 'Saved it',
    onSaved,
  };
}

describe('runEditorSave', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('reports begin then success and hands the saved record on', async () => {
    const { events, report } = recorder();
    const onSaved = vi.fn();
    await runEditorSave(
      { id: 0 },
      options(async () => ({ id: 7, name: 'a' }), onSaved),
      report,
      () => {},
    );
    expect(events).toEqual(['begin', 'succeed:Saved it']);
    expect(onSaved).toHaveBeenCalledWith({ kind: 'saved', record: { id: 7, name: 'a' } }, { id: 0 });
  });

  it('counts an empty answer (204) as a success without a record', async () => {
    const { events, report } = recorder();
    const onSaved = vi.fn();
    await runEditorSave(
      { id: 3 },
      options(async () => undefined, onSaved),
      report,
      () => {},
    );
    expect(events).toEqual(['begin', 'succeed:Saved it']);
    expect(onSaved).toHaveBeenCalledWith({ kind: 'no-content' }, { id: 3 });
  });

  it('fails with the unexpected message on an answer that is not a record', async () => {
    const { events, report } = recorder();
    const onSaved = vi.fn();
    await runEditorSave(
      { id: 3 },
      options(async () => ({ ok: true }), onSaved),
      report,
      () => {},
    );
    expect(events).toEqual(['begin', 'fail:Unexpected answer']);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('without an unexpected message any answer is a success', async () => {
    const { events, report } = recorder();
    const onSaved = vi.fn();
    const lenient = { ...options(async () => ({ ok: true }), onSaved), unexpectedMessage: undefined };
    await runEditorSave({ id: 3 }, lenient, report, () => {});
    expect(events).toEqual(['begin', 'succeed:Saved it']);
    expect(onSaved).toHaveBeenCalledWith({ kind: 'no-content' }, { id: 3 });
  });

  it("fails with the server's message, logs the spec's text and passes the error on for field messages", async () => {
    const { events, report } = recorder();
    const refused = new ApiError(400, 'Bad Request', { message: ' Name taken ', fields: { name: 'Taken' } });
    const fieldErrors = vi.fn();
    await runEditorSave(
      { id: 0 },
      options(async () => {
        throw refused;
      }),
      report,
      fieldErrors,
    );
    expect(events).toEqual(['begin', 'fail:Name taken']);
    expect(fieldErrors).toHaveBeenCalledWith(refused);
    expect(console.error).toHaveBeenCalledWith('Error saving thing:', refused);
  });

  it('falls back to the editor message when the failure carries none', async () => {
    const { events, report } = recorder();
    await runEditorSave(
      { id: 0 },
      options(async () => {
        throw new TypeError('network');
      }),
      report,
      () => {},
    );
    expect(events).toEqual(['begin', 'fail:Save failed']);
  });
});

describe('readSaveAnswer', () => {
  it('reads a record by its id field', () => {
    expect(readSaveAnswer({ userId: 4 }, 'userId')).toEqual({ kind: 'saved', record: { userId: 4 } });
    expect(readSaveAnswer({ id: 0 })).toEqual({ kind: 'unexpected' });
    expect(readSaveAnswer('')).toEqual({ kind: 'no-content' });
  });
});

describe('openOrRefill', () => {
  const followUp = () => {
    const done: string[] = [];
    const onSaved = openOrRefill<Saved>({
      open: (path) => done.push(`open ${path}`),
      editPath: (id) => `/things/edit/${id}`,
      listPath: '/things',
      refill: (record) => done.push(`refill ${record ? record.id : 'from screen'}`),
    });
    return { done, onSaved };
  };

  it("a create opens the new record's editor, or the list when the answer had no record", () => {
    const { done, onSaved } = followUp();
    onSaved({ kind: 'saved', record: { id: 9, name: 'n' } }, { id: 0 });
    onSaved({ kind: 'no-content' }, { id: 0 });
    expect(done).toEqual(['open /things/edit/9', 'open /things']);
  });

  it('an update refills the form from the record, or from the screen', () => {
    const { done, onSaved } = followUp();
    onSaved({ kind: 'saved', record: { id: 4, name: 'n' } }, { id: 4 });
    onSaved({ kind: 'no-content' }, { id: 4 });
    expect(done).toEqual(['refill 4', 'refill from screen']);
  });
});

/**
 * The one error the spreadsheet reader throws. `code` says what is wrong with the file so that callers
 * (mail intake, order tracking, inventory) can record a precise run outcome; `message` is written for
 * an operator and names the file; the underlying parser error, when there is one, is kept as `cause`.
 */
export type SpreadsheetErrorCode =
  | 'EMPTY'
  | 'TOO_LARGE'
  | 'WRONG_TYPE'
  | 'CORRUPT'
  | 'ENCRYPTED'
  | 'TOO_MANY_COLUMNS'
  | 'TOO_MANY_ROWS'
  | 'ZIP_BOMB'
  /** More cell text than any real sheet holds (shared strings repeated billions of times). */
  | 'TOO_MUCH_TEXT'
  /** Reading needed more memory than the reader process may use. */
  | 'OUT_OF_MEMORY'
  /** Reading took longer than the reader's time limit and was stopped. */
  | 'TIMED_OUT';

export class SpreadsheetError extends Error {
  override readonly name = 'SpreadsheetError';

  constructor(
    readonly code: SpreadsheetErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isSpreadsheetError(error: unknown): error is SpreadsheetError {
  return error instanceof SpreadsheetError;
}

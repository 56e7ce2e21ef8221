/**
 * Every file processor that mail intake (and re-process) offers a file to (docs/design/architecture.md#server-modules).
 */
import { inventoryFileProcessor } from '../inventory-processing/processor';
import { orderSubmissionFileProcessor } from '../order-submission/engine/processor';
import { orderTrackingFileProcessor } from '../order-tracking-ingestion/processor';
import type { FileProcessor } from './file-processors';

export function fileProcessors(): FileProcessor[] {
  return [orderTrackingFileProcessor, inventoryFileProcessor, orderSubmissionFileProcessor];
}

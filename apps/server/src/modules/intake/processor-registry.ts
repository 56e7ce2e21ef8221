/**
 * Every file processor that mail intake offers a message to (DESIGN §3). Order tracking for now; inventory
 * and order submission join this list when their processors exist.
 */
import { orderTrackingFileProcessor } from '../order-tracking-ingestion/processor';
import type { FileProcessor } from './file-processors';

export function fileProcessors(): FileProcessor[] {
  return [orderTrackingFileProcessor];
}

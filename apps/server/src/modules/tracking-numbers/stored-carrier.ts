import { recogniseTrackingNumber, type TCarrierFields } from '@app/contracts';

/**
 * What is stored beside each tracking number (order_tracking_numbers.carrier…tracking_url) and how it is read
 * back: the recogniser's answer, computed once when the number is stored (docs/behaviour/order-tracking.md#carriers).
 */
export interface StoredCarrier {
  carrier: string | null;
  carrierName: string | null;
  carrierService: string | null;
  checkDigit: 'valid' | 'invalid' | 'none';
  trackingUrl: string | null;
}

export function storedCarrierOf(number: string): StoredCarrier {
  const result = recogniseTrackingNumber(number);
  return {
    carrier: result.carrier,
    carrierName: result.carrierName,
    carrierService: result.service,
    checkDigit: result.checkDigit,
    trackingUrl: result.url,
  };
}

/** A stored row as the API answers it; a row the backfill has not reached yet is recognised on the spot. */
export function carrierFieldsOf(row: {
  trackingNumber: string;
  carrier: string | null;
  carrierName: string | null;
  service: string | null;
  checkDigit: string | null;
  url: string | null;
}): TCarrierFields {
  if (row.checkDigit === null) {
    const fresh = storedCarrierOf(row.trackingNumber);
    return {
      carrier: fresh.carrier,
      carrierName: fresh.carrierName,
      service: fresh.carrierService,
      checkDigit: fresh.checkDigit,
      url: fresh.trackingUrl,
    };
  }
  return {
    carrier: row.carrier,
    carrierName: row.carrierName,
    service: row.service,
    checkDigit: row.checkDigit as TCarrierFields['checkDigit'],
    url: row.url,
  };
}

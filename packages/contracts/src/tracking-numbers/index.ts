export * from './api';
export {
  type CarrierInfo,
  carrierInfo,
  carrierOfShippingCompany,
  FILTERABLE_CARRIERS,
  sameCarrier,
  trackingUrl,
} from './carriers';
export {
  type CheckDigitResult,
  normaliseTrackingNumber,
  type RecognitionConfidence,
  recogniseTrackingNumber,
  type TrackingNumberRecognition,
} from './recognise';

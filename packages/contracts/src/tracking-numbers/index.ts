export { type CarrierInfo, carrierInfo, FILTERABLE_CARRIERS, trackingUrl } from './carriers';
export {
  type CheckDigitResult,
  normaliseTrackingNumber,
  type RecognitionConfidence,
  recogniseTrackingNumber,
  type TrackingNumberRecognition,
} from './recognise';

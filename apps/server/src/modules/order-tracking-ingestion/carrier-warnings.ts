import { carrierInfo, carrierOfShippingCompany, recogniseTrackingNumber, sameCarrier } from '@app/contracts';

/**
 * What the carrier recogniser tells a run about a file's tracking numbers (docs/behaviour/order-tracking.md#carriers):
 * numbers whose check digit does not match, and rows whose Shipping Company names another carrier than the
 * numbers' format. Pure; the mapping step feeds it each row and adds its findings to the run's warnings.
 */

export const CHECK_DIGIT_WARNING = 'Tracking number check digit does not match: possibly mistyped';

export interface CarrierFinding {
  key: string;
  text: string;
  example: string;
}

export class CarrierChecks {
  private readonly named = new Map<string, string | null>();

  /** The findings of one row's numbers against its Shipping Company text (null when the source maps none). */
  row(numbers: readonly string[], shippingCompany: string | null): CarrierFinding[] {
    if (numbers.length === 0) return [];
    const named = shippingCompany ? this.carrierNamed(shippingCompany) : null;
    const findings: CarrierFinding[] = [];
    for (const number of numbers) {
      const result = recogniseTrackingNumber(number);
      if (result.checkDigit === 'invalid') {
        findings.push({ key: 'check-digit', text: CHECK_DIGIT_WARNING, example: number });
      }
      // Only a format that names its carrier for sure disagrees with the file; USPS delivers IMpb numbers for
      // consolidators (DHL eCommerce, FedEx Ground Economy, UPS Mail Innovations), so those never do.
      if (
        named &&
        result.carrier &&
        result.confidence === 'high' &&
        !sameCarrier(named, result.carrier) &&
        !(result.carrier === 'usps' && result.service?.startsWith('USPS IMpb'))
      ) {
        findings.push({
          key: `carrier:${named}:${result.carrier}`,
          text: `Shipping Company says ${carrierInfo(named)?.name ?? named} but the tracking number is a ${result.carrierName} number`,
          example: number,
        });
      }
    }
    return findings;
  }

  private carrierNamed(text: string): string | null {
    let code = this.named.get(text);
    if (code === undefined) {
      code = carrierOfShippingCompany(text);
      if (this.named.size < 1000) this.named.set(text, code);
    }
    return code;
  }
}

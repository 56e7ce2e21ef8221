/**
 * Check-digit algorithms of the carriers' tracking numbers (docs/behaviour/order-tracking.md#carriers).
 * Each works on a slice `[start, end)` of an already normalised string (digits and upper-case letters) and
 * returns the expected check character, so the caller compares it with the one printed. They read char codes,
 * never allocate, and are written from the published specifications:
 * - GS1 mod 10 (USPS IMpb and legacy, FedEx Ground 15/96/SSCC-18, SmartPost, Canada Post): from the right,
 *   weights 3, 1, 3, …; check = (10 − sum mod 10) mod 10.
 * - UPS mod 10 (1Z, waybill; OnTrac uses it too): letters count as (code − 63) mod 10; from the left, odd
 *   positions × 1, even positions × 2.
 * - FedEx Express mod 11: from the right, weights 1, 3, 7, …; check = sum mod 11 mod 10.
 * - DHL Express mod 7: the serial as a number, mod 7.
 * - Luhn (Purolator, Old Dominion): from the right, every other digit doubled starting with the rightmost.
 * - UPU S10: weights 8 6 4 2 3 5 9 7; check = 11 − sum mod 11, with 10 → 0 and 11 → 5.
 * - ISO 7064 MOD 37,36 (DPD): the hybrid system with M = 36 over 0–9 and A–Z; the check is one of 0–9A–Z.
 */

const ZERO = 48;

function digitAt(s: string, i: number): number {
  return s.charCodeAt(i) - ZERO;
}

/** GS1 mod 10 over `s[start, end)`, as if `prefix` (digits) were written before it. */
export function gs1Mod10(s: string, start: number, end: number, prefix = ''): number {
  let sum = 0;
  let weight = 3;
  for (let i = end - 1; i >= start; i--) {
    sum += digitAt(s, i) * weight;
    weight = 4 - weight;
  }
  for (let i = prefix.length - 1; i >= 0; i--) {
    sum += digitAt(prefix, i) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** UPS's mod 10 over `s[start, end)` (letters allowed). */
export function upsMod10(s: string, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) {
    const code = s.charCodeAt(i);
    const value = code <= 57 ? code - ZERO : (code - 63) % 10;
    sum += (i - start) % 2 === 0 ? value : value * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** FedEx Express mod 11 over `s[start, end)`. */
export function fedexMod11(s: string, start: number, end: number): number {
  let sum = 0;
  let k = 0;
  for (let i = end - 1; i >= start; i--) {
    sum += digitAt(s, i) * (k === 0 ? 1 : k === 1 ? 3 : 7);
    k = k === 2 ? 0 : k + 1;
  }
  return (sum % 11) % 10;
}

/** DHL Express: the serial `s[start, end)` as a number, mod 7. */
export function mod7(s: string, start: number, end: number): number {
  let rest = 0;
  for (let i = start; i < end; i++) rest = (rest * 10 + digitAt(s, i)) % 7;
  return rest;
}

/** Luhn over the data digits `s[start, end)`: the digit to append. */
export function luhn(s: string, start: number, end: number): number {
  let sum = 0;
  let double = true;
  for (let i = end - 1; i >= start; i--) {
    let d = digitAt(s, i);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** UPU S10 over the 8 serial digits at `s[start, start + 8)`. */
export function s10(s: string, start: number): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += digitAt(s, start + i) * (S10_WEIGHTS[i] as number);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

const ALPHABET_36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** ISO 7064 MOD 37,36 over `s[start, end)` (digits and letters): the check character. */
export function mod37x36(s: string, start: number, end: number): string {
  const m = 36;
  let p = m;
  for (let i = start; i < end; i++) {
    const code = s.charCodeAt(i);
    const value = code <= 57 ? code - ZERO : code - 55;
    let sum = (p + value) % m;
    if (sum === 0) sum = m;
    p = (sum * 2) % (m + 1);
  }
  return ALPHABET_36.charAt((m + 1 - p) % m);
}

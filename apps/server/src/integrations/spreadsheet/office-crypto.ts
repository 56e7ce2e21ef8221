/**
 * Decryption of Office files "protected" with Excel's built-in default password, VelvetSweatshop.
 *
 * Excel encrypts a workbook with this password when it is only write-protected or its structure is
 * protected, and opens such a file without asking anything. SheetJS's community build reads neither
 * (an encrypted .xlsx package, an .xls with RC4), so the file is decrypted here first:
 *
 * - .xlsx: an OLE file with EncryptionInfo + EncryptedPackage ([MS-OFFCRYPTO] 2.3.4): Standard
 *   encryption (AES-ECB, SHA-1, 50,000 spins; Excel 2007) and Agile encryption (AES-CBC, SHA-1/-2 with
 *   the spin count it names; Excel 2010 and later, LibreOffice). The result is the zip package.
 * - .xls: the Workbook stream's FILEPASS record ([MS-XLS] 2.4.117): RC4 (MD5, Excel 97–2000,
 *   LibreOffice) and RC4 CryptoAPI (SHA-1, Excel 2002 and later) are decrypted here, record by record;
 *   XOR obfuscation (Excel 95) SheetJS itself undoes when given the password.
 *
 * A file encrypted with any other password stays refused as ENCRYPTED: the verifier tells.
 */
import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

export const DEFAULT_PASSWORD = 'VelvetSweatshop';

/** Office's own spin count is 100,000; a file asking for vastly more would only burn the reader's time. */
const MAX_SPIN_COUNT = 10_000_000;

const utf16 = (password: string) => Buffer.from(password, 'utf16le');

function hash(algorithm: string, ...parts: Uint8Array[]): Buffer {
  const digest = createHash(algorithm);
  for (const part of parts) digest.update(part);
  return digest.digest();
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

// ---------------------------------------------------------------------------------------------------
// OOXML packages

/**
 * The zip package inside an encrypted OOXML file, or null when `password` does not open it or the
 * scheme is one this module does not read (Extensible encryption, a cipher other than AES).
 */
export function decryptOoxmlPackage(
  encryptionInfo: Buffer,
  encryptedPackage: Buffer,
  password: string,
): Buffer | null {
  if (encryptionInfo.length < 8 || encryptedPackage.length < 8) return null;
  const major = encryptionInfo.readUInt16LE(0);
  const minor = encryptionInfo.readUInt16LE(2);
  try {
    if (major === 4 && minor === 4) return decryptAgile(encryptionInfo, encryptedPackage, password);
    if ((major === 3 || major === 4) && minor === 2) {
      return decryptStandard(encryptionInfo, encryptedPackage, password);
    }
  } catch {
    // a malformed header or a key of the wrong size: not a file this password opens
  }
  return null;
}

/** Standard encryption: [MS-OFFCRYPTO] 2.3.4.5 (EncryptionInfo), 2.3.4.7 (key), 2.3.4.9 (verifier). */
function decryptStandard(info: Buffer, encrypted: Buffer, password: string): Buffer | null {
  const headerSize = info.readUInt32LE(8);
  const header = info.subarray(12, 12 + headerSize);
  const algorithm = header.readUInt32LE(8);
  const keyBits = header.readUInt32LE(16);
  // 0x660E/F/10: AES-128/192/256. RC4 (0x6801) packages are not written by Excel.
  if (algorithm < 0x660e || algorithm > 0x6610 || ![128, 192, 256].includes(keyBits)) return null;
  let p = 12 + headerSize;
  const saltSize = info.readUInt32LE(p);
  const salt = info.subarray(p + 4, p + 4 + saltSize);
  p += 4 + saltSize;
  const encryptedVerifier = info.subarray(p, p + 16);
  const verifierHashSize = info.readUInt32LE(p + 16);
  const encryptedVerifierHash = info.subarray(p + 20, p + 20 + 32);

  let h = hash('sha1', salt, utf16(password));
  for (let i = 0; i < 50_000; i++) h = hash('sha1', uint32(i), h);
  const final = hash('sha1', h, uint32(0));
  const derive = (fill: number) => {
    const buffer = Buffer.alloc(64, fill);
    for (let i = 0; i < final.length; i++) buffer[i]! ^= final[i]!;
    return hash('sha1', buffer);
  };
  const key = Buffer.concat([derive(0x36), derive(0x5c)]).subarray(0, keyBits / 8);
  const ecb = (data: Buffer) => {
    const decipher = createDecipheriv(`aes-${keyBits}-ecb`, key, null).setAutoPadding(false);
    return Buffer.concat([decipher.update(data.subarray(0, data.length & ~15)), decipher.final()]);
  };
  const verifier = ecb(encryptedVerifier);
  const verifierHash = ecb(encryptedVerifierHash).subarray(0, verifierHashSize);
  if (!same(hash('sha1', verifier).subarray(0, verifierHashSize), verifierHash)) return null;
  const size = Number(encrypted.readBigUInt64LE(0));
  return ecb(encrypted.subarray(8)).subarray(0, size);
}

const AGILE_BLOCK_KEYS = {
  verifierInput: Buffer.from('fea7d2763b4b9e79', 'hex'),
  verifierValue: Buffer.from('d7aa0f6d3061344e', 'hex'),
  key: Buffer.from('146e0be7abacd0d6', 'hex'),
};

const HASHES: Record<string, string> = { SHA1: 'sha1', SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };

/** Agile encryption: [MS-OFFCRYPTO] 2.3.4.10 (descriptor), 2.3.4.11–13 (keys, verifier, data). */
function decryptAgile(info: Buffer, encrypted: Buffer, password: string): Buffer | null {
  const xml = info.subarray(8).toString('utf8');
  const keyData = xmlAttributes(/<(?:\w+:)?keyData\s[^>]*>/.exec(xml)?.[0]);
  const passwordKey = xmlAttributes(/<(?:\w+:)?encryptedKey\s[^>]*>/.exec(xml)?.[0]);
  for (const attributes of [keyData, passwordKey]) {
    if (
      attributes.get('cipherAlgorithm') !== 'AES' ||
      attributes.get('cipherChaining') !== 'ChainingModeCBC'
    ) {
      return null;
    }
  }
  const digest = HASHES[passwordKey.get('hashAlgorithm') ?? ''];
  const dataDigest = HASHES[keyData.get('hashAlgorithm') ?? ''];
  const spinCount = Number(passwordKey.get('spinCount'));
  const keyBits = Number(passwordKey.get('keyBits'));
  const dataKeyBits = Number(keyData.get('keyBits'));
  const blockSize = Number(keyData.get('blockSize'));
  if (!digest || !dataDigest || !Number.isInteger(spinCount) || spinCount > MAX_SPIN_COUNT) return null;
  const salt = Buffer.from(passwordKey.get('saltValue') ?? '', 'base64');
  const base64 = (name: string) => Buffer.from(passwordKey.get(name) ?? '', 'base64');

  let h = hash(digest, salt, utf16(password));
  for (let i = 0; i < spinCount; i++) h = hash(digest, uint32(i), h);
  const keyFor = (blockKey: Buffer) => fit(hash(digest, h, blockKey), keyBits / 8, 0x36);
  const cbc = (key: Buffer, iv: Buffer, data: Buffer) => {
    const decipher = createDecipheriv(`aes-${key.length * 8}-cbc`, key, iv).setAutoPadding(false);
    return Buffer.concat([decipher.update(data.subarray(0, data.length & ~15)), decipher.final()]);
  };
  const iv = fit(salt, 16, 0x36);
  const verifierInput = cbc(keyFor(AGILE_BLOCK_KEYS.verifierInput), iv, base64('encryptedVerifierHashInput'));
  const verifierValue = cbc(keyFor(AGILE_BLOCK_KEYS.verifierValue), iv, base64('encryptedVerifierHashValue'));
  const expected = hash(digest, verifierInput.subarray(0, salt.length));
  if (!same(expected, verifierValue.subarray(0, expected.length))) return null;
  const secretKey = cbc(keyFor(AGILE_BLOCK_KEYS.key), iv, base64('encryptedKeyValue')).subarray(
    0,
    dataKeyBits / 8,
  );

  const dataSalt = Buffer.from(keyData.get('saltValue') ?? '', 'base64');
  const size = Number(encrypted.readBigUInt64LE(0));
  const segments: Buffer[] = [];
  for (let offset = 8, segment = 0; offset < encrypted.length; offset += 4096, segment++) {
    const segmentIv = fit(hash(dataDigest, dataSalt, uint32(segment)), blockSize, 0x36);
    segments.push(cbc(secretKey, segmentIv, encrypted.subarray(offset, offset + 4096)));
  }
  return Buffer.concat(segments).subarray(0, size);
}

/** A key or IV of exactly `length` bytes: truncated, or padded with `fill`. */
function fit(bytes: Buffer, length: number, fill: number): Buffer {
  if (bytes.length >= length) return bytes.subarray(0, length);
  return Buffer.concat([bytes, Buffer.alloc(length - bytes.length, fill)]);
}

function xmlAttributes(tag: string | undefined): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of (tag ?? '').matchAll(/([\w:]+)="([^"]*)"/g)) attributes.set(name!, value!);
  return attributes;
}

// ---------------------------------------------------------------------------------------------------
// BIFF (.xls) workbook streams

export type BiffEncryption =
  | { kind: 'none' }
  /** Excel 95's XOR obfuscation: SheetJS undoes it given the password. */
  | { kind: 'xor' }
  /** The stream decrypted, its FILEPASS record renamed so that readers take it as plain. */
  | { kind: 'decrypted'; stream: Buffer }
  /** Encrypted with another password, or with a scheme not read here. */
  | { kind: 'locked' };

const FILEPASS = 0x002f;
const EOF = 0x000a;
const BOUNDSHEET = 0x0085;
/** Records that stay plain in an encrypted stream ([MS-XLS] 2.2.10). */
const NEVER_ENCRYPTED = new Set([
  0x0009,
  0x0209,
  0x0409,
  0x0809,
  FILEPASS,
  0x0194,
  0x0195,
  0x00e1,
  0x0196,
  0x0138,
]);
/**
 * What the decrypted stream's FILEPASS becomes: Excel9File, a marker record that readers skip whatever
 * it holds (the stream keeps its length, so every offset in it stays right).
 */
const NEUTRAL_RECORD = 0x01c0;
const REKEY_BYTES = 1024;

/** Whether the Workbook stream is encrypted, and if `password` opens it, the decrypted stream. */
export function decryptBiffStream(stream: Buffer, password: string): BiffEncryption {
  const filePass = findFilePass(stream);
  if (!filePass) return { kind: 'none' };
  const { offset, length, biff8 } = filePass;
  const data = stream.subarray(offset + 4, offset + 4 + length);
  if (!biff8 || data.readUInt16LE(0) === 0) return { kind: 'xor' };
  const major = data.readUInt16LE(2);
  const minor = data.readUInt16LE(4);
  let keyFor: ((block: number) => Buffer) | null = null;
  try {
    if (major === 1 && minor === 1) keyFor = rc4Keys(data.subarray(6), password);
    else if (minor === 2 && major >= 2 && major <= 4) keyFor = cryptoApiKeys(data.subarray(6), password);
  } catch {
    keyFor = null;
  }
  if (!keyFor) return { kind: 'locked' };

  const plain = Buffer.from(stream);
  const keystream = Buffer.alloc(stream.length);
  for (let block = 0; block * REKEY_BYTES < stream.length; block++) {
    const start = block * REKEY_BYTES;
    new Rc4(keyFor(block)).apply(keystream.subarray(start, Math.min(start + REKEY_BYTES, stream.length)));
  }
  for (let p = offset + 4 + length; p + 4 <= stream.length; ) {
    const type = stream.readUInt16LE(p);
    const size = stream.readUInt16LE(p + 2);
    const start = p + 4 + (type === BOUNDSHEET ? 4 : 0);
    const end = Math.min(p + 4 + size, stream.length);
    if (!NEVER_ENCRYPTED.has(type)) for (let i = start; i < end; i++) plain[i]! ^= keystream[i]!;
    p += 4 + size;
  }
  plain.writeUInt16LE(NEUTRAL_RECORD, offset);
  return { kind: 'decrypted', stream: plain };
}

function findFilePass(stream: Buffer): { offset: number; length: number; biff8: boolean } | null {
  if (stream.length < 8) return null;
  // The BOF's version: 0x0600 for BIFF8; BIFF5 files carry only XOR obfuscation.
  const biff8 = stream.readUInt16LE(4) === 0x0600;
  for (let p = 0; p + 4 <= stream.length; ) {
    const type = stream.readUInt16LE(p);
    const length = stream.readUInt16LE(p + 2);
    if (type === FILEPASS)
      return p + 4 + length <= stream.length && length >= 4 ? { offset: p, length, biff8 } : null;
    if (type === EOF) return null; // FILEPASS sits in the globals, before their EOF
    p += 4 + length;
  }
  return null;
}

/** RC4 with MD5 ([MS-OFFCRYPTO] 2.3.6): a 40-bit password hash, a 128-bit key per block. */
function rc4Keys(header: Buffer, password: string): ((block: number) => Buffer) | null {
  const salt = header.subarray(0, 16);
  const encryptedVerifier = header.subarray(16, 32);
  const encryptedVerifierHash = header.subarray(32, 48);
  // Excel uses at most the first 15 characters of a password.
  const truncated = hash('md5', utf16(password.slice(0, 15))).subarray(0, 5);
  const intermediate = hash(
    'md5',
    Buffer.concat(Array.from({ length: 16 }, () => Buffer.concat([truncated, salt]))),
  );
  const keyFor = (block: number) => hash('md5', intermediate.subarray(0, 5), uint32(block));
  const rc4 = new Rc4(keyFor(0));
  const verifier = rc4.apply(Buffer.from(encryptedVerifier));
  const verifierHash = rc4.apply(Buffer.from(encryptedVerifierHash));
  return same(hash('md5', verifier), verifierHash) ? keyFor : null;
}

/** RC4 CryptoAPI ([MS-OFFCRYPTO] 2.3.5): SHA-1 of salt and password, the key size the header names. */
function cryptoApiKeys(info: Buffer, password: string): ((block: number) => Buffer) | null {
  const headerSize = info.readUInt32LE(4);
  const header = info.subarray(8, 8 + headerSize);
  if (header.readUInt32LE(8) !== 0x6801 || header.readUInt32LE(12) !== 0x8004) return null; // RC4, SHA-1
  const keyBits = header.readUInt32LE(16) || 40;
  let p = 8 + headerSize;
  const saltSize = info.readUInt32LE(p);
  const salt = info.subarray(p + 4, p + 4 + saltSize);
  p += 4 + saltSize;
  const encryptedVerifier = info.subarray(p, p + 16);
  const verifierHashSize = info.readUInt32LE(p + 16);
  const encryptedVerifierHash = info.subarray(p + 20, p + 20 + verifierHashSize);
  const base = hash('sha1', salt, utf16(password));
  const keyFor = (block: number) => {
    const key = hash('sha1', base, uint32(block)).subarray(0, keyBits / 8);
    // A 40-bit key is used as 128 bits, the rest zero.
    return keyBits === 40 ? Buffer.concat([key, Buffer.alloc(11)]) : key;
  };
  const rc4 = new Rc4(keyFor(0));
  const verifier = rc4.apply(Buffer.from(encryptedVerifier));
  const verifierHash = rc4.apply(Buffer.from(encryptedVerifierHash));
  return same(hash('sha1', verifier), verifierHash) ? keyFor : null;
}

/** RC4, which OpenSSL 3 no longer offers by default: a few lines, and only for decryption here. */
export class Rc4 {
  private readonly s = new Uint8Array(256);
  private i = 0;
  private j = 0;

  constructor(key: Uint8Array) {
    const s = this.s;
    for (let i = 0; i < 256; i++) s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i]! + key[i % key.length]!) & 255;
      [s[i], s[j]] = [s[j]!, s[i]!];
    }
  }

  /** XORs the next bytes of the keystream into `data`, in place; returns `data`. */
  apply(data: Uint8Array): Uint8Array {
    const s = this.s;
    let { i, j } = this;
    for (let n = 0; n < data.length; n++) {
      i = (i + 1) & 255;
      j = (j + s[i]!) & 255;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
      data[n]! ^= s[(s[i]! + s[j]!) & 255]!;
    }
    this.i = i;
    this.j = j;
    return data;
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  buildBiff8Stream,
  encryptBiff8CryptoApi,
  encryptXlsxAgile,
} from '../../../test/integrations/spreadsheet-builders';
import { DEFAULT_PASSWORD, decryptBiffStream, decryptOoxmlPackage, Rc4 } from './office-crypto';

const fidelity = path.resolve(import.meta.dirname, '../../../test/fixtures/spreadsheets/fidelity');
const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/spreadsheets');

function streamsOf(file: Buffer): Record<string, Buffer> {
  const container = XLSX.CFB.read(file, { type: 'buffer' }) as unknown as {
    FullPaths: string[];
    FileIndex: { content?: Uint8Array }[];
  };
  const streams: Record<string, Buffer> = {};
  container.FullPaths.forEach((fullPath, i) => {
    const content = container.FileIndex[i]?.content;
    if (content?.length) streams[fullPath.split('/').filter(Boolean).pop()!] = Buffer.from(content);
  });
  return streams;
}

describe('office-crypto', () => {
  it('RC4 gives the published test vectors', () => {
    const cipher = (key: string, text: string) =>
      Buffer.from(new Rc4(Buffer.from(key)).apply(Buffer.from(text))).toString('hex');
    expect(cipher('Key', 'Plaintext')).toBe('bbf316e8d940af0ad3');
    expect(cipher('Wiki', 'pedia')).toBe('1021bf0420');
    expect(cipher('Secret', 'Attack at dawn')).toBe('45a01f645fc35b383552544b9bf5');
  });

  it('opens LibreOffice’s Standard-encrypted package with VelvetSweatshop, and only with it', () => {
    const { EncryptionInfo, EncryptedPackage } = streamsOf(
      readFileSync(path.join(fidelity, 'velvet-standard.xlsx')),
    );
    const zip = decryptOoxmlPackage(EncryptionInfo!, EncryptedPackage!, DEFAULT_PASSWORD);
    expect(zip?.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(decryptOoxmlPackage(EncryptionInfo!, EncryptedPackage!, 'secret')).toBeNull();
  });

  it('opens an Agile package with the password it was encrypted with, and refuses another', () => {
    const zip = readFileSync(path.join(fixtures, 'items.xlsx'));
    const { EncryptionInfo, EncryptedPackage } = streamsOf(encryptXlsxAgile(zip, DEFAULT_PASSWORD));
    expect(decryptOoxmlPackage(EncryptionInfo!, EncryptedPackage!, DEFAULT_PASSWORD)).toEqual(zip);
    expect(decryptOoxmlPackage(EncryptionInfo!, EncryptedPackage!, 'VelvetSweatshop!')).toBeNull();
  });

  it('tells a plain, a default-password and another-password BIFF stream apart', () => {
    const sheets = [{ name: 'S', cells: [{ row: 0, col: 0, value: 'Item' }] }];
    expect(decryptBiffStream(buildBiff8Stream(sheets), DEFAULT_PASSWORD)).toEqual({ kind: 'none' });
    const velvet = streamsOf(encryptBiff8CryptoApi(sheets, DEFAULT_PASSWORD)).Workbook!;
    const decrypted = decryptBiffStream(velvet, DEFAULT_PASSWORD);
    expect(decrypted.kind).toBe('decrypted');
    // Everything but the renamed FILEPASS record is the plain stream again.
    const plain = buildBiff8Stream(sheets, velvet.subarray(20, 20 + 4 + velvet.readUInt16LE(22)));
    const expected = Buffer.from(plain);
    expected.writeUInt16LE(0x01c0, 20);
    expect((decrypted as { stream: Buffer }).stream).toEqual(expected);
    expect(
      decryptBiffStream(streamsOf(encryptBiff8CryptoApi(sheets, 'secret')).Workbook!, DEFAULT_PASSWORD),
    ).toEqual({ kind: 'locked' });
    const libreOffice = streamsOf(readFileSync(path.join(fixtures, 'encrypted.xls'))).Workbook!;
    expect(decryptBiffStream(libreOffice, DEFAULT_PASSWORD)).toEqual({ kind: 'locked' });
  });
});

import { describe, expect, it } from 'vitest';
import { buildTnef } from '../../../../test/modules/intake-mime-corpus';
import { readTnef, TnefError } from './tnef';

const csv = (tracking: string) => Buffer.from(`Line,Tracking\r\n1,${tracking}\r\n`);

describe('the TNEF attachment reader', () => {
  it('reads every file, named by PR_ATTACH_LONG_FILENAME (Unicode or 8-bit) or else by its 8.3 title', () => {
    const files = readTnef(
      buildTnef([
        { title: 'TRACKI~1.CSV', longName: { value: 'tracking_März.csv', unicode: true }, content: csv('A') },
        { title: 'TRACKI~2.CSV', longName: { value: 'tracking_two.csv', unicode: false }, content: csv('B') },
        { title: 'REPORT.CSV', content: csv('C') },
      ]),
    );
    expect(files.map((file) => [file.fileName, file.content.toString('utf8')])).toEqual([
      ['tracking_März.csv', csv('A').toString('utf8')],
      ['tracking_two.csv', csv('B').toString('utf8')],
      ['REPORT.CSV', csv('C').toString('utf8')],
    ]);
  });

  it('keeps binary content byte for byte', () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => (index * 7) % 256));
    expect(readTnef(buildTnef([{ title: 'DATA.XLS', content: bytes }]))[0]!.content.equals(bytes)).toBe(true);
  });

  it('refuses what is not TNEF and a stream cut short, naming why', () => {
    expect(() => readTnef(Buffer.from('not tnef at all'))).toThrow(TnefError);
    const whole = buildTnef([{ title: 'A.CSV', content: csv('A') }]);
    expect(() => readTnef(whole.subarray(0, whole.length - 40))).toThrow(/cut short/);
  });
});

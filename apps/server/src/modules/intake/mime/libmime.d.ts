// libmime ships no types: the three functions the MIME reader uses.
declare module 'libmime' {
  interface ParsedHeaderValue {
    value: string;
    params: Record<string, string>;
  }
  const libmime: {
    decodeWords(value: string): string;
    parseHeaderValue(value: string): ParsedHeaderValue;
    decode(content: Buffer | string, charset: string): string;
  };
  export default libmime;
}

// libmime ships no types: the two functions the MIME reader uses.
declare module 'libmime' {
  interface ParsedHeaderValue {
    value: string;
    params: Record<string, string>;
  }
  const libmime: {
    decodeWords(value: string): string;
    parseHeaderValue(value: string): ParsedHeaderValue;
  };
  export default libmime;
}

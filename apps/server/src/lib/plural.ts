/** "1 item", "2 items", "1,204 items": how every run message and digest counts things. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

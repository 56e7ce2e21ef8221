import { createDatabase } from '@app/db';
import { ZOrderListRequestSchema } from '@app/contracts';
import { listOrders } from './src/modules/order-tracking/service';
const d = await createDatabase({ url: 'postgres://postgres@127.0.0.1:5432/inboxops_bench' });
const captured: Array<{ text: string; values: unknown[] }> = [];
const pq = d.pool!.query.bind(d.pool!);
(d.pool as any).query = async (...args: any[]) => { const a = args[0]; captured.push(typeof a === 'object' ? { text: a.text, values: a.values ?? args[1] } : { text: a, values: args[1] }); return (pq as any)(...args); };
const body = JSON.parse(process.argv[2]!);
await listOrders(d.db, ZOrderListRequestSchema.parse(body));
const last = captured[captured.length - 1]!;
for (let i = 0; i < 2; i++) {
  const r = await pq(`explain (analyze, buffers) ${last.text}`, last.values as any[]);
  if (i === 1) console.log(r.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await d.close();

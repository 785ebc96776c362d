import { PGlite } from '@electric-sql/pglite';
let t=Date.now();
const a = new PGlite(); await a.waitReady; console.log('mem init', Date.now()-t);
await a.exec('create table t(id bigint primary key, b bigint); insert into t values (1, 9007199254740993);');
t=Date.now(); const dump = await a.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const b = new PGlite({loadDataDir: dump}); await b.waitReady; console.log('load', Date.now()-t);
console.log((await b.query('select * from t')).rows, (await b.query('select version()')).rows);
